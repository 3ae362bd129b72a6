#pragma once
// Whether two resolved expressions say the same thing: the same operations on the same leaves,
// wherever in the script each was written. A constraint written twice
// (docs/reference.md#solving-a-frame: not an error) is one equation; finding that lets the solver
// keep one row for it instead of many.

#include <cstddef>

#include "core/model/expression.h"

namespace mv {

// Same tree: operation, type, number, index and sub of every node, and the same arguments in
// order. Source ranges are not compared. `a + b` and `b + a` count as different.
bool sameExpression(const Expression& a, const Expression& b);

// A hash that agrees with sameExpression(): equal trees hash equal.
size_t expressionHash(const Expression& e);

}  // namespace mv
