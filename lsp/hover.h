#pragma once
// Hover: what the name under the cursor is and where it is defined (a word of the language's own,
// a kind, `°`, `.config`, `.rotate`, a vector member: lsp/keyword_hover.h), and for an anchor, a
// variable or an element state its value, velocity and acceleration at the first and the last
// frame of the step the cursor is in (frame 0 before the first marker), from the solved
// animation; on a marker its time, its frames and how many failed. In a script with masses, on an
// equality (its label, its key or anywhere in the statement) what it carries at the first and the
// last frame of its step: its force and torque on each thing it reads and a drive's power
// (docs/mechanics.md, "Forces"). What a name is comes from the newest text, errors or not; until
// the newest version is solved the values say so ("not solved yet"); with errors in the text the
// values are the last solve's, and say they are an earlier version's (without the loads: its
// offsets are not the text's).

#include <optional>
#include <string>

#include "lsp/client_positions.h"
#include "lsp/document.h"

namespace mv::lsp {

// The hover's Markdown, or nothing when the cursor names nothing.
std::optional<std::string> hoverText(const Document& document, Position position,
                                     PositionEncoding encoding);

}  // namespace mv::lsp
