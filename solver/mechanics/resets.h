#pragma once
// `Element.state := value;` at a marker (docs/reference.md#steps-and-markers). All resets of a step
// are evaluated on the states as they are at the marker and then written, so like constraints they
// do not depend on their order in the step.

#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/script.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/mechanics/state_layout.h"

namespace mv {

// Applies the resets of `step` to x and returns the elements whose states they set. A reset that
// cannot be evaluated (a bad reference, a value that is not a number) is skipped with an error.
std::vector<ElementId> applyResets(const Script& script, const StateLayout& layout, int step,
                                   TimeContext time, StateVector& x, Diagnostics& diagnostics);

}  // namespace mv
