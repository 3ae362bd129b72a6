#include "lsp/diagnostics_json.h"

#include "core/utf8.h"

namespace mv::lsp {

const char* kindCode(DiagnosticKind kind) {
    switch (kind) {
        case DiagnosticKind::Script:
            return "script";
        case DiagnosticKind::ImageFile:
            return "image-file";
        case DiagnosticKind::Conflict:
            return "conflict";
        case DiagnosticKind::ConflictNote:
            return "conflict-note";
        case DiagnosticKind::Freedom:
            return "freedom";
        case DiagnosticKind::DeadCentre:
            return "dead-centre";
        case DiagnosticKind::SubstepLimit:
            return "substep-limit";
        case DiagnosticKind::Mechanics:
            return "mechanics";
        case DiagnosticKind::SolverOptions:
            return "solver-options";
    }
    return "script";
}

Json publishDiagnosticsParams(const std::string& uri, int version, const SourceText& source,
                              const std::vector<Diagnostic>& diagnostics,
                              PositionEncoding encoding) {
    const TextPositions positions(source.text(), encoding);
    Json list = Json::array();
    for (const Diagnostic& d : diagnostics) {
        const Json range = rangeJson(positions, d.range);
        const std::string message = validUtf8(d.message);
        if (d.severity == Severity::Note && !list.empty()) {
            list.back()["relatedInformation"].push_back(
                {{"location", {{"uri", uri}, {"range", range}}}, {"message", message}});
            continue;
        }
        const int severity = d.severity == Severity::Error     ? 1
                             : d.severity == Severity::Warning ? 2
                                                               : 3;
        list.push_back({{"range", range},
                        {"severity", severity},
                        {"source", "movimentum"},
                        {"code", kindCode(d.kind)},
                        {"message", message}});
    }
    return {{"uri", uri}, {"version", version}, {"diagnostics", list}};
}

}  // namespace mv::lsp
