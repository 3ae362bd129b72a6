#pragma once
// The documents' text as the client edits it. Sync is incremental: a change with a range replaces
// that range (positions in the agreed encoding, each change applied to the text the one before it
// left), a change without one is the whole text. Every new version compiles at once and its
// diagnostics go out before anything else is read; a version that compiled goes on to be solved
// in the background. Image files are the client's to watch: when it can, it is asked to report
// them, and a change compiles every open document again.

#include "lsp/background_solves.h"
#include "lsp/client_settings.h"
#include "lsp/document_store.h"
#include "lsp/outgoing_messages.h"

namespace mv::lsp {

class DocumentSync {
public:
    DocumentSync(DocumentStore& documents, BackgroundSolves& solves, OutgoingMessages& out,
                 const ClientSettings& settings, ImageResolverFactory images);

    void didOpen(const Json& params);
    void didChange(const Json& params);
    void didClose(const Json& params);
    // After `initialized`: asks the client to report changes of image files, when it can.
    void watchImages();
    // An image file changed: every open document compiles again (and is solved again), so its
    // diagnostics and sizes follow the file.
    void didChangeWatchedFiles();

private:
    std::string changed(std::string text, const Json& change) const;
    void update(Document& document, std::string text, int version);

    DocumentStore& m_documents;
    BackgroundSolves& m_solves;
    OutgoingMessages& m_out;
    const ClientSettings& m_settings;
    ImageResolverFactory m_images;
};

}  // namespace mv::lsp
