#include "lsp/diagnostics_json.h"

#include "core/text/utf8.h"

namespace mv::lsp {

Json publishDiagnosticsParams(const std::string& uri, int version, const SourceText& source,
                              const std::vector<Diagnostic>& diagnostics,
                              PositionEncoding encoding) {
    const ClientPositions positions(source.text(), encoding);
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
                        {"code", diagnosticEntry(d.id).id},
                        {"message", message}});
        if (!d.suggestion.empty()) list.back()["data"] = {{"suggestion", d.suggestion}};
    }
    return {{"uri", uri}, {"version", version}, {"diagnostics", list}};
}

}  // namespace mv::lsp
