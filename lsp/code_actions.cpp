#include "lsp/code_actions.h"

#include "lsp/diagnostics_json.h"

namespace mv::lsp {

namespace {

// Where a forgotten `;` goes: right after the text before the place the parser noticed it.
uint32_t semicolonAt(std::string_view text, uint32_t at) {
    while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t' || text[at - 1] == '\n' ||
                      text[at - 1] == '\r'))
        --at;
    return at;
}

Json quickFix(const Document& document, const ClientPositions& positions, const Diagnostic& d,
              const std::string& title, SourceRange range, const std::string& newText,
              PositionEncoding encoding) {
    const Json diagnostic = publishDiagnosticsParams(
        document.uri, document.version, *document.source, {d}, encoding)["diagnostics"][0];
    const Json edit = {{"range", rangeJson(positions, range)}, {"newText", newText}};
    return {{"title", title},
            {"kind", "quickfix"},
            {"diagnostics", Json::array({diagnostic})},
            {"isPreferred", true},
            {"edit", {{"changes", {{document.uri, Json::array({edit})}}}}}};
}

}  // namespace

Json codeActions(const Document& document, const Json& range, PositionEncoding encoding) {
    const std::string& text = document.source->text();
    const ClientPositions positions(text, encoding);
    const uint32_t begin = positions.offset(positionField(range, "start"));
    const uint32_t end = positions.offset(positionField(range, "end"));
    Json actions = Json::array();
    for (const Diagnostic& d : document.compileDiagnostics) {
        if (d.range.end < begin || d.range.begin > end) continue;
        if (!d.suggestion.empty()) {
            const std::string written(document.source->slice(d.range));
            actions.push_back(quickFix(document, positions, d,
                                       "Replace '" + written + "' with '" + d.suggestion + "'",
                                       d.range, d.suggestion, encoding));
        } else if (d.id == DiagnosticId::ExpectedSemicolon) {
            const uint32_t at = semicolonAt(text, d.range.begin);
            actions.push_back(
                quickFix(document, positions, d, "Add the missing ';'", {at, at}, ";", encoding));
        }
    }
    return actions;
}

}  // namespace mv::lsp
