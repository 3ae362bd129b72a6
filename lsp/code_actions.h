#pragma once
// Quick fixes for the newest text's diagnostics in the asked range: an unknown name replaced by
// the name it most likely misspells ("did you mean", core/diagnostics/name_suggestion.h), and a
// missing `;` inserted after the statement it ends.

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

Json codeActions(const Document& document, const Json& range, PositionEncoding encoding);

}  // namespace mv::lsp
