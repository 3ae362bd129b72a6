#pragma once
// Constraints said more than once (docs/reference.md#conflicts: not an error) are one equation.
// Solved as many rows, each copy is left over and checked, and ties the blocks it reads together: a
// line repeated 300 times made a segment twenty times slower. A copy is dropped before the rows are
// built, so it costs what one constraint costs.

#include <vector>

#include "core/model/script.h"

namespace mv {

// `ids` without each constraint identical to an earlier one (the same relation, and the same
// expression trees on each side after resolution), in their order.
std::vector<ConstraintId> distinctConstraints(const Script& script,
                                              const std::vector<ConstraintId>& ids);

}  // namespace mv
