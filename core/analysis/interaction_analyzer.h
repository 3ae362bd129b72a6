#pragma once
// Builds the interactions of a script (docs/reference.md#walls: `.swing`, `.gravity`,
// `.reflection`): the target element, constant parameters and, for a reflection, the guard and
// region expressions, which may only read what the mechanics can evaluate while integrating: the
// target's states, its parameters and constants.

#include <string_view>
#include <vector>

#include "core/analysis/analysis_context.h"
#include "core/analysis/expression_resolver.h"
#include "core/model/script.h"
#include "core/text/ast.h"

namespace mv {

// The properties an interaction of `kind` (Swing, Gravity or Reflection) takes.
std::vector<std::string_view> interactionPropertyNames(ast::DefinitionKind kind);

// Always returns an interaction (its index is its definition order); errors go to the context.
// The script's elements must be complete.
Interaction analyzeInteraction(const ast::Definition& definition, const Script& script,
                               ExpressionResolver& resolver, AnalysisContext& context);

}  // namespace mv
