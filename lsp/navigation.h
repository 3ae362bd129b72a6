#pragma once
// Go to definition and the document's outline. Definition: a thing, element or interaction name
// goes to its definition, `Thing.Anchor` to the anchor, a variable to its first use, `Bob.theta`
// to the state's property (the element's name when the state keeps its default), an image's
// file name to the file. Symbols:
// things (Class) with their anchors (Field), elements (Struct) with their states (Field),
// interactions (Event), markers (Namespace, `@+02.0  T = 4 s`) with their constraints (Key).

#include <optional>

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

// The definition's range in the newest text (errors or not).
std::optional<SourceRange> definitionAt(const Document& document, Position position,
                                        PositionEncoding encoding);

// The image file a thing's file name under the cursor names (its resolved path), if any.
std::optional<std::string> imageFileAt(const Document& document, Position position,
                                       PositionEncoding encoding);

Json documentSymbols(const Document& document, PositionEncoding encoding);

}  // namespace mv::lsp
