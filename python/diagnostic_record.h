#pragma once
// A diagnostic as the Python module shows it (mv.Diagnostic): where it is in 1-based lines and
// columns (the end just past the range, as editors count), its id from the table of diagnostics,
// its severity's name, the message, the name it suggests for an unknown one, and the line
// `movimentum check` prints for it.

#include <string>
#include <vector>

#include "core/diagnostics/diagnostic.h"

namespace mv::python {

struct DiagnosticRecord {
    int line = 1;
    int column = 1;
    int endLine = 1;
    int endColumn = 1;
    std::string id;        // "UnknownAnchor" (docs/diagnostics.md)
    std::string severity;  // "error", "warning", "note"
    std::string message;
    std::string suggestion;  // the name meant by an unknown one ("did you mean"), or empty
    std::string formatted;   // FILE:LINE:COL: severity: message
};

std::vector<DiagnosticRecord> diagnosticRecords(const SourceText& source,
                                                const std::vector<Diagnostic>& diagnostics);

}  // namespace mv::python
