#pragma once
// Rename: a thing, an element, an interaction, a mass, the gravity, a variable or a label
// everywhere in the document, an anchor in its thing's definition and every `Thing.Anchor`
// (lsp/symbol_occurrences.h finds them). A state or parameter is the language's, not the user's,
// and is not renamed. The new name must be a name (a letter, then letters, digits or `_`), not a
// reserved one, and not one the script already uses where it would clash: a top-level name
// (definitions and variables share one namespace), another anchor of the same thing, another label.

#include <string>

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

// {range, placeholder} of the name under the cursor when it can be renamed, else null.
Json prepareRename(const Document& document, Position position, PositionEncoding encoding);
// The WorkspaceEdit; a ProtocolError (InvalidParams) naming why when it cannot be done.
Json rename(const Document& document, Position position, const std::string& newName,
            PositionEncoding encoding);

}  // namespace mv::lsp
