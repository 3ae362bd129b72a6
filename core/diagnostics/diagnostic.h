#pragma once
// Diagnostics are values: an id from the table of every diagnostic
// (core/diagnostics/diagnostic_table.h), the source range they are about, a plain message, and what
// they are about as data (a kind and the ids of the model objects), so the editor and the tests act
// on a diagnostic without reading its message. The core never prints or throws them at the user; it
// appends them to a Diagnostics list that the editor underlines, the command line prints and the
// tests compare.

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics/diagnostic_table.h"
#include "core/model/strong_id.h"
#include "core/text/source_text.h"

namespace mv {

// A message of the table with its arguments filled in: what `diag` makes and reporters take.
struct DiagnosticMessage {
    DiagnosticId id;
    std::string text;
    std::string suggestion = {};  // "did you mean" (core/diagnostics/name_suggestion.h), or empty
};

// `format` with each {name} replaced by its argument, in the order the names first appear.
std::string fillIn(std::string_view format, std::initializer_list<std::string_view> arguments);

// The message `id` of the table, checked at compile time to get one argument per placeholder.
template <DiagnosticId id, typename... Arguments>
DiagnosticMessage diag(const Arguments&... arguments) {
    static_assert(placeholderCount(diagnosticEntry(id).format) == sizeof...(Arguments),
                  "a diagnostic takes one argument for each {placeholder} of its message");
    return {id, fillIn(diagnosticEntry(id).format, {std::string_view(arguments)...}), {}};
}

struct Diagnostic {
    DiagnosticId id{};
    Severity severity = Severity::Error;  // the table's, copied for the readers
    DiagnosticKind kind = DiagnosticKind::Script;
    SourceRange range;
    std::string message;
    // The model objects it is about, when it is about any (ids into the Script's vectors).
    std::vector<ConstraintId> constraints;
    std::vector<ThingId> things;
    // The defined name that the text at `range` most likely misspells, or empty: replacing the
    // range with it is the fix (core/diagnostics/name_suggestion.h).
    std::string suggestion;
};

// The diagnostic of `message` at `range`, its severity and kind from the table.
Diagnostic makeDiagnostic(SourceRange range, DiagnosticMessage message,
                          std::vector<ConstraintId> constraints = {},
                          std::vector<ThingId> things = {});

class Diagnostics {
public:
    void report(SourceRange range, DiagnosticMessage message) {
        add(makeDiagnostic(range, std::move(message)));
    }
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
// (core/text/printable.h): a diagnostic is printed to a terminal.
std::string formatDiagnostic(const SourceText& source, const Diagnostic& diagnostic);

}  // namespace mv
