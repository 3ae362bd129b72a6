#pragma once
// The requests that read one open document: hover, completion, go to definition, the outline,
// semantic tokens and formatting. Each reads the document under the store's lock and answers in
// the position encoding `initialize` agreed; the features themselves are in their own files.

#include "lsp/background_solves.h"
#include "lsp/client_settings.h"
#include "lsp/document_store.h"
#include "lsp/request.h"

namespace mv::lsp {

class DocumentRequests {
public:
    DocumentRequests(const DocumentStore& documents, BackgroundSolves& solves,
                     const ClientSettings& settings);

    // Given the whole request: it waits for the solve unless that request is cancelled.
    Json hover(const Request& request);
    Json completion(const Json& params) const;
    Json definition(const Json& params) const;
    Json symbols(const Json& params) const;
    Json tokens(const Json& params) const;
    Json formatting(const Json& params) const;

private:
    const DocumentStore& m_documents;
    BackgroundSolves& m_solves;
    const ClientSettings& m_settings;
};

}  // namespace mv::lsp
