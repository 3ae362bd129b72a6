#pragma once
// A script's diagnostics as LSP's publishDiagnostics params: the same severity, range and message
// as `movimentum check`, `source` "movimentum", `code` the id from the table of diagnostics
// ("UnknownAnchor", "DeadCentre", …; docs/diagnostics.md lists them).
// A note (what a conflict depends on) becomes related information of the error before it. An
// unknown name's "did you mean" is `data.suggestion` (the code action replaces the range with it).

#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "lsp/protocol.h"

namespace mv::lsp {

Json publishDiagnosticsParams(const std::string& uri, int version, const SourceText& source,
                              const std::vector<Diagnostic>& diagnostics,
                              PositionEncoding encoding);

}  // namespace mv::lsp
