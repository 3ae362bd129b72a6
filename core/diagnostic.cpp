#include "core/diagnostic.h"

#include <algorithm>

#include "core/printable.h"

namespace mv {

void Diagnostics::error(SourceRange range, std::string message, DiagnosticKind kind) {
    m_list.push_back({Severity::Error, range, std::move(message), kind, {}, {}});
}

void Diagnostics::warning(SourceRange range, std::string message, DiagnosticKind kind) {
    m_list.push_back({Severity::Warning, range, std::move(message), kind, {}, {}});
}

void Diagnostics::note(SourceRange range, std::string message, DiagnosticKind kind) {
    m_list.push_back({Severity::Note, range, std::move(message), kind, {}, {}});
}

void Diagnostics::append(const std::vector<Diagnostic>& more) {
    m_list.insert(m_list.end(), more.begin(), more.end());
}

bool Diagnostics::hasErrors() const {
    return errorCount() > 0;
}

int Diagnostics::errorCount() const {
    return static_cast<int>(std::count_if(m_list.begin(), m_list.end(), [](const Diagnostic& d) {
        return d.severity == Severity::Error;
    }));
}

const char* severityName(Severity severity) {
    switch (severity) {
        case Severity::Error:
            return "error";
        case Severity::Warning:
            return "warning";
        case Severity::Note:
            return "note";
    }
    return "error";
}

std::string formatDiagnostic(const SourceText& source, const Diagnostic& diagnostic) {
    const LineColumn at = source.location(diagnostic.range.begin);
    return printable(source.name()) + ":" + std::to_string(at.line) + ":" +
           std::to_string(at.column) + ": " + severityName(diagnostic.severity) + ": " +
           printable(diagnostic.message);
}

}  // namespace mv
