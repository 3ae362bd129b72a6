#pragma once
// Diagnostics are values: a severity, the source range they are about, a plain message, and what
// they are about as data (a kind and the ids of the model objects), so the editor and the tests act
// on a diagnostic without reading its message. The core never prints or throws them at the user; it
// appends them to a Diagnostics list that the editor underlines, the command line prints and the
// tests compare.

#include <string>
#include <vector>

#include "core/source_text.h"
#include "core/strong_id.h"

namespace mv {

enum class Severity { Error, Warning, Note };

// What a diagnostic is about. The analyzer's findings on the text are all Script; the kinds after
// it name the findings that come from outside the text (image files) or from solving it.
enum class DiagnosticKind {
    Script,         // the text itself: syntax, names, types, steps, configuration
    ImageFile,      // an image file that is missing or cannot be drawn (the model is still built)
    Conflict,       // a constraint that cannot hold in some frames
    ConflictNote,   // a constraint that a Conflict depends on, or how many more there are
    Freedom,        // a thing that can still move: the constraints leave it free
    DeadCentre,     // the mechanism passed through a dead centre and went on the way it moved
    SubstepLimit,   // a frame needed more sub-steps than allowed from the frame before
    Mechanics,      // an element, interaction, wall or reset that cannot be simulated
    SolverOptions,  // the solver's options are invalid
};

struct Diagnostic {
    Severity severity = Severity::Error;
    SourceRange range;
    std::string message;
    DiagnosticKind kind = DiagnosticKind::Script;
    // The model objects it is about, when it is about any (ids into the Script's vectors).
    std::vector<ConstraintId> constraints;
    std::vector<ThingId> things;
};

class Diagnostics {
public:
    void error(SourceRange range, std::string message,
               DiagnosticKind kind = DiagnosticKind::Script);
    void warning(SourceRange range, std::string message,
                 DiagnosticKind kind = DiagnosticKind::Script);
    void note(SourceRange range, std::string message, DiagnosticKind kind = DiagnosticKind::Script);
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
