#include "lsp/document_sync.h"

namespace mv::lsp {

DocumentSync::DocumentSync(DocumentStore& documents, BackgroundSolves& solves,
                           OutgoingMessages& out, const ClientSettings& settings,
                           ImageResolverFactory images)
    : m_documents(documents),
      m_solves(solves),
      m_out(out),
      m_settings(settings),
      m_images(std::move(images)) {}

void DocumentSync::didOpen(const Json& params) {
    const int version = objectField(params, "textDocument").value("version", 0);
    const std::string uri = stringField(params, "textDocument.uri");
    std::string text = stringField(params, "textDocument.text");
    m_documents.open(uri, [&](Document& document) {
        document.uri = uri;
        document.folder = pathOfUri(uri).empty() ? m_settings.workspace() : folderOfUri(uri);
        update(document, std::move(text), version);
    });
}

void DocumentSync::didChange(const Json& params) {
    const std::string uri = stringField(params, "textDocument.uri");
    const Json& changes = params.at("contentChanges");
    if (!changes.is_array() || changes.empty())
        throw ProtocolError(kInvalidParams, "params.contentChanges: expected changes");
    m_documents.edit(uri, [&](Document& document) {
        std::string text = document.source->text();
        for (const Json& change : changes) text = changed(std::move(text), change);
        update(document, std::move(text),
               objectField(params, "textDocument").value("version", document.version + 1));
    });
}

// `text` with one TextDocumentContentChangeEvent applied.
std::string DocumentSync::changed(std::string text, const Json& change) const {
    const std::string replacement = stringField(change, "text");
    if (!change.contains("range")) return replacement;
    const ClientPositions positions(text, m_settings.encoding());
    const uint32_t begin = positions.offset(positionField(change, "range.start"));
    const uint32_t end = positions.offset(positionField(change, "range.end"));
    if (end < begin)
        throw ProtocolError(kInvalidParams, "params.contentChanges: a range ends before it starts");
    return text.replace(begin, end - begin, replacement);
}

void DocumentSync::watchImages() {
    if (!m_settings.watchesFiles()) return;
    const Json watcher = {
        {"globPattern", "**/*.{png,PNG,gif,GIF,jpg,JPG,jpeg,JPEG,bmp,BMP,svg,SVG}"}};
    const Json registration = {{"id", "movimentum-images"},
                               {"method", "workspace/didChangeWatchedFiles"},
                               {"registerOptions", {{"watchers", Json::array({watcher})}}}};
    m_out.request("movimentum-watch-images", "client/registerCapability",
                  {{"registrations", Json::array({registration})}});
}

void DocumentSync::didChangeWatchedFiles() {
    m_documents.editAll(
        [&](Document& document) { update(document, document.source->text(), document.version); });
}

void DocumentSync::didClose(const Json& params) {
    m_documents.close(stringField(params, "textDocument.uri"));
}

// Under the store's lock, which the worker publishes under too: diagnostics go out in the order of
// the versions, never an older solve's after a newer text's.
void DocumentSync::update(Document& document, std::string text, int version) {
    document.update(std::move(text), version, m_images);
    m_out.publishDiagnostics(document, document.compileDiagnostics, m_settings.encoding());
    if (document.compiledIsCurrent()) m_solves.solve(document);
}

}  // namespace mv::lsp
