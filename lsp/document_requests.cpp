#include "lsp/document_requests.h"

#include "core/text/script_format.h"
#include "core/text/utf8.h"
#include "lsp/completion.h"
#include "lsp/hover.h"
#include "lsp/navigation.h"
#include "lsp/semantic_tokens.h"

namespace mv::lsp {

namespace {

std::string documentUri(const Json& params) {
    return stringField(params, "textDocument.uri");
}

Json hoverContents(const Document& document, Position position, PositionEncoding encoding) {
    const auto text = hoverText(document, position, encoding);
    if (!text) return nullptr;
    return {{"contents", {{"kind", "markdown"}, {"value", validUtf8(*text)}}}};
}

// Whether `next` ends a wait for `uri`'s solve in request `id`.
bool supersedes(const Json& next, const std::string& uri, const Json& id) {
    if (!next.is_object() || !next.contains("method") || !next["method"].is_string()) return false;
    const std::string method = next["method"];
    const Json params = next.value("params", Json::object());
    if (method == "$/cancelRequest") return params.value("id", Json()) == id;
    if (method == "exit" || method == "shutdown") return true;
    const bool edits = method == "textDocument/didChange" || method == "textDocument/didClose";
    return edits && params.value("textDocument", Json::object()).value("uri", "") == uri;
}

Json imageLocation(const std::string& path) {
    const Json start = {{"line", 0}, {"character", 0}};
    return {{"uri", "file://" + path}, {"range", {{"start", start}, {"end", start}}}};
}

}  // namespace

DocumentRequests::DocumentRequests(const DocumentStore& documents, BackgroundSolves& solves,
                                   const ClientSettings& settings)
    : m_documents(documents), m_solves(solves), m_settings(settings) {}

// A hover on the newest version waits for its solve, unless a newer version, a cancel of this
// request or the end of the input comes first: then its values are "not solved yet".
Json DocumentRequests::hover(const Request& request) {
    const Position position = positionField(request.params);
    const std::string uri = documentUri(request.params);
    const PositionEncoding encoding = m_settings.encoding();
    for (bool superseded = false;;) {
        const int seen = m_solves.finished();
        const std::optional<Json> answer =
            m_documents.read(uri, [&](const Document& document) -> std::optional<Json> {
                const bool solving = document.compiledIsCurrent() && !document.animation;
                if (solving && !superseded) return std::nullopt;
                return hoverContents(document, position, encoding);
            });
        if (answer) return *answer;
        superseded = m_solves.waitAfter(
            seen, [&](const Json& next) { return supersedes(next, uri, *request.id); });
    }
}

Json DocumentRequests::completion(const Json& params) const {
    const Position position = positionField(params);
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return completionItems(document, position, m_settings.encoding());
    });
}

Json DocumentRequests::definition(const Json& params) const {
    const Position position = positionField(params);
    const PositionEncoding encoding = m_settings.encoding();
    return m_documents.read(documentUri(params), [&](const Document& document) -> Json {
        if (const auto image = imageFileAt(document, position, encoding))
            return imageLocation(*image);
        const auto range = definitionAt(document, position, encoding);
        if (!range) return nullptr;
        const ClientPositions positions(document.source->text(), encoding);
        return {{"uri", document.uri}, {"range", rangeJson(positions, *range)}};
    });
}

Json DocumentRequests::symbols(const Json& params) const {
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return documentSymbols(document, m_settings.encoding());
    });
}

Json DocumentRequests::tokens(const Json& params) const {
    return m_documents.read(documentUri(params), [&](const Document& document) -> Json {
        return {{"data", semanticTokens(document, m_settings.encoding())}};
    });
}

// One edit that replaces the whole text, or none when it is formatted already or cannot be.
Json DocumentRequests::formatting(const Json& params) const {
    return m_documents.read(documentUri(params), [&](const Document& document) {
        const std::string& text = document.source->text();
        const std::optional<std::string> formatted = formatScript(*document.source);
        if (!formatted || *formatted == text) return Json::array();
        const ClientPositions positions(text, m_settings.encoding());
        const SourceRange all{0, static_cast<uint32_t>(text.size())};
        return Json::array({{{"range", rangeJson(positions, all)}, {"newText", *formatted}}});
    });
}

}  // namespace mv::lsp
