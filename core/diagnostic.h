#pragma once
// Diagnostics are values: a severity, the source range they are about and a plain message. The core
// never prints or throws them at the user; it appends them to a Diagnostics list that the editor
// underlines, the command line prints and the tests compare.

#include <string>
#include <vector>

#include "core/source_text.h"

namespace mv {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
    Severity severity = Severity::Error;
    SourceRange range;
    std::string message;
};

class Diagnostics {
public:
    void error(SourceRange range, std::string message);
    void warning(SourceRange range, std::string message);
    void note(SourceRange range, std::string message);
    void add(Diagnostic diagnostic) { m_list.push_back(std::move(diagnostic)); }
    void append(const std::vector<Diagnostic>& more);

    bool hasErrors() const;
    int errorCount() const;
    const std::vector<Diagnostic>& list() const { return m_list; }
    bool empty() const { return m_list.empty(); }

private:
    std::vector<Diagnostic> m_list;
};

const char* severityName(Severity severity);  // "error", "warning", "note"

// "FILE:LINE:COL: error: message" as compilers print it, with control characters escaped
// (core/printable.h): a diagnostic is printed to a terminal.
std::string formatDiagnostic(const SourceText& source, const Diagnostic& diagnostic);

}  // namespace mv
