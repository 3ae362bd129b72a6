#include "lsp/document_requests.h"

#include "core/text/script_format.h"
#include "core/text/utf8.h"
#include "lsp/code_actions.h"
#include "lsp/completion.h"
#include "lsp/folding_ranges.h"
#include "lsp/hover.h"
#include "lsp/inlay_hints.h"
#include "lsp/navigation.h"
#include "lsp/references.h"
#include "lsp/rename.h"
#include "lsp/semantic_tokens.h"
#include "lsp/signature_help.h"

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

Json imageLocation(const std::string& path) {
    const Json start = {{"line", 0}, {"character", 0}};
    return {{"uri", "file://" + path}, {"range", {{"start", start}, {"end", start}}}};
}

}  // namespace

DocumentRequests::DocumentRequests(const DocumentStore& documents, const ClientSettings& settings)
    : m_documents(documents), m_settings(settings) {}

// A hover on the newest version waits for its solve; superseded (a newer version, a close,
// `shutdown`) its values are "not solved yet".
std::optional<Json> DocumentRequests::hover(const Request& request, bool superseded) const {
    const Position position = positionField(request.params);
    const PositionEncoding encoding = m_settings.encoding();
    return m_documents.read(
        documentUri(request.params), [&](const Document& document) -> std::optional<Json> {
            const bool solving = document.compiledIsCurrent() && !document.animation;
            if (solving && !superseded) return std::nullopt;
            return hoverContents(document, position, encoding);
        });
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

Json DocumentRequests::references(const Json& params) const {
    const Position position = positionField(params);
    const bool withDeclaration =
        params.value("context", Json::object()).value("includeDeclaration", true);
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return mv::lsp::references(document, position, withDeclaration, m_settings.encoding());
    });
}

Json DocumentRequests::highlights(const Json& params) const {
    const Position position = positionField(params);
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return documentHighlights(document, position, m_settings.encoding());
    });
}

Json DocumentRequests::prepareRename(const Json& params) const {
    const Position position = positionField(params);
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return mv::lsp::prepareRename(document, position, m_settings.encoding());
    });
}

Json DocumentRequests::rename(const Json& params) const {
    const Position position = positionField(params);
    const std::string newName = stringField(params, "newName");
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return mv::lsp::rename(document, position, newName, m_settings.encoding());
    });
}

Json DocumentRequests::codeActions(const Json& params) const {
    const Json& range = objectField(params, "range");
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return mv::lsp::codeActions(document, range, m_settings.encoding());
    });
}

Json DocumentRequests::signatureHelp(const Json& params) const {
    const Position position = positionField(params);
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return mv::lsp::signatureHelp(document, position, m_settings.encoding());
    });
}

Json DocumentRequests::inlayHints(const Json& params) const {
    const Json& range = objectField(params, "range");
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return mv::lsp::inlayHints(document, range, m_settings.encoding());
    });
}

Json DocumentRequests::foldingRanges(const Json& params) const {
    return m_documents.read(documentUri(params), [&](const Document& document) {
        return mv::lsp::foldingRanges(document);
    });
}

}  // namespace mv::lsp
