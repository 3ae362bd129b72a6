#pragma once
// Folding ranges of the newest text, by lines (they need no encoding): each step from its marker
// to its last statement, each definition written over several lines, a block comment over several
// lines and a run of `//` comments on consecutive lines (kind "comment").

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

Json foldingRanges(const Document& document);

}  // namespace mv::lsp
