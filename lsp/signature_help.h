#pragma once
// Signature help: inside the parentheses of a built-in function's call (`clamp(x, |`), its forms
// (lsp/function_help.h) with the argument the cursor is in; also inside `.rotate(…)` / `.r(…)`.

#include <optional>

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

// The SignatureHelp, or null outside a call.
Json signatureHelp(const Document& document, Position position, PositionEncoding encoding);

}  // namespace mv::lsp
