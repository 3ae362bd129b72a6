#pragma once
// Inlay hints from the solved animation of the newest text (none while it has errors or is being
// solved, since offsets and values must be the same version's): after each constraint on an
// anchor (`Crank.Q = …`, the anchor as its key), the anchor's position at the first frame of the
// step it is written in; after each thing's name in its definition, the degrees of freedom the
// constraints leave it, as the solve's freedom warnings say (docs/solver.md): "0 DOF" when none
// says it can move, "1 DOF" when it slides or turns, "2+ DOF" when it is free.

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

Json inlayHints(const Document& document, const Json& range, PositionEncoding encoding);

}  // namespace mv::lsp
