#pragma once
// Builds the steps of a script (docs/reference.md#steps-and-markers, #keys-and-lifetime): marker
// times, the constraints with their keys and the resets of element states. Lifetimes are left to
// the constraint store.

#include "core/analysis/analysis_context.h"
#include "core/analysis/expression_resolver.h"
#include "core/model/script.h"
#include "core/text/ast.h"

namespace mv {

// Appends to script.steps, script.constraints and script.resets. Things and elements must be
// complete.
void analyzeSteps(const std::vector<ast::Step>& steps, Script& script, ExpressionResolver& resolver,
                  AnalysisContext& context);

// The key a constraint gets from its resolved left side: the text of a single anchor (`Crank.Q`),
// a single named variable (`x`) or a component of one (`Crank.Q.x`); empty otherwise.
std::string keyOf(const Expression& lhs, const Script& script);

}  // namespace mv
