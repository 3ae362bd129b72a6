#include "core/diagnostics/diagnostic.h"

#include <algorithm>

#include "core/text/printable.h"

namespace mv {

std::string fillIn(std::string_view format, std::initializer_list<std::string_view> arguments) {
    std::vector<std::string_view> names;
    std::string text;
    size_t from = 0;
    for (size_t open = format.find('{'); open != std::string_view::npos;
         open = format.find('{', from)) {
        const size_t close = format.find('}', open);
        const std::string_view name = format.substr(open, close + 1 - open);
        auto at = std::find(names.begin(), names.end(), name);
        if (at == names.end()) at = names.insert(names.end(), name);
        text.append(format.substr(from, open - from));
        const size_t index = size_t(at - names.begin());
        if (index < arguments.size()) text.append(*(arguments.begin() + index));
        from = close + 1;
    }
    text.append(format.substr(from));
    return text;
}

Diagnostic makeDiagnostic(SourceRange range, DiagnosticMessage message,
                          std::vector<ConstraintId> constraints, std::vector<ThingId> things) {
    const DiagnosticEntry& entry = diagnosticEntry(message.id);
    return {message.id,
            entry.severity,
            entry.kind,
            range,
            std::move(message.text),
            std::move(constraints),
            std::move(things),
            std::move(message.suggestion)};
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
