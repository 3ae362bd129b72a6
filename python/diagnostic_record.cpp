#include "diagnostic_record.h"

namespace mv::python {

std::vector<DiagnosticRecord> diagnosticRecords(const SourceText& source,
                                                const std::vector<Diagnostic>& diagnostics) {
    std::vector<DiagnosticRecord> records;
    records.reserve(diagnostics.size());
    for (const Diagnostic& d : diagnostics) {
        const LineColumn begin = source.location(d.range.begin);
        const LineColumn end = source.location(d.range.end);
        records.push_back({begin.line, begin.column, end.line, end.column, diagnosticEntry(d.id).id,
                           severityName(d.severity), d.message, d.suggestion,
                           formatDiagnostic(source, d)});
    }
    return records;
}

}  // namespace mv::python
