#pragma once
// The requests that read one open document: hover, completion, go to definition, the outline,
// semantic tokens, formatting, references, highlights, rename, code actions, signature help,
// folding ranges and inlay hints. Each reads the document under the store's lock and answers in the
// position encoding `initialize` agreed; the features themselves are in their own files.

#include <optional>

#include "lsp/client_settings.h"
#include "lsp/document_store.h"
#include "lsp/request.h"

namespace mv::lsp {

class DocumentRequests {
public:
    DocumentRequests(const DocumentStore& documents, const ClientSettings& settings);

    // Nothing while the newest version is being solved, unless `superseded` (the dispatcher
    // parks it meanwhile).
    std::optional<Json> hover(const Request& request, bool superseded) const;
    Json completion(const Json& params) const;
    Json definition(const Json& params) const;
    Json symbols(const Json& params) const;
    Json tokens(const Json& params) const;
    Json formatting(const Json& params) const;
    Json references(const Json& params) const;
    Json highlights(const Json& params) const;
    Json prepareRename(const Json& params) const;
    Json rename(const Json& params) const;
    Json codeActions(const Json& params) const;
    Json signatureHelp(const Json& params) const;
    Json foldingRanges(const Json& params) const;
    Json inlayHints(const Json& params) const;

private:
    const DocumentStore& m_documents;
    const ClientSettings& m_settings;
};

}  // namespace mv::lsp
