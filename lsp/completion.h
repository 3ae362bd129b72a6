#pragma once
// Completion: the editor's candidates (core/editing/completion_candidates.h) as LSP items, and
// after `Name : .` the kinds a definition can have.

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

Json completionItems(const Document& document, Position position, PositionEncoding encoding);

}  // namespace mv::lsp
