#pragma once
// A pendulum's `pivot = <vector expression>` (docs/reference.md#moving-pivots): where it hangs,
// read from the machine (anchors, variables, t, T, iv) and its own parameters, in the pendulum's
// length units. It is resolved after every thing and element is known, since a pendulum may hang
// from a thing defined after it; it may not read element states (the mechanics moves them, and a
// pivot that read them would be its own cause).

#include "core/analysis/expression_resolver.h"
#include "core/model/script.h"
#include "core/text/ast.h"

namespace mv {

// Whether `property` of `element` is its pivot, which analyzeElement leaves to analyzePivot.
bool isPivot(const Element& element, const ast::Property& property);

// Resolves the pivot of elements[element] from its definition, when it has one.
void analyzePivot(const ast::Definition& definition, ElementId element, Script& script,
                  ExpressionResolver& resolver);

}  // namespace mv
