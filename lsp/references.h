#pragma once
// Find references and document highlight: every occurrence, in the newest text, of the name under
// the cursor (lsp/symbol_occurrences.h says what counts as one). A highlight marks where the name
// is defined as Write and its uses as Read.

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

// Locations, the definition among them when `withDeclaration`; empty when the cursor names nothing.
Json references(const Document& document, Position position, bool withDeclaration,
                PositionEncoding encoding);
Json documentHighlights(const Document& document, Position position, PositionEncoding encoding);

}  // namespace mv::lsp
