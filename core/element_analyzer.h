#pragma once
// Builds the elements of a script (LANGUAGE.md §8: `.pendulum`, `.point`): their states with
// initial values and their parameters, from the defaults of the seed's mechanics package
// overridden by the properties the user wrote.

#include "core/analysis_context.h"
#include "core/ast.h"
#include "core/script.h"

namespace mv {

// Always returns an element (ElementIds follow the definition order); errors go to the context.
Element analyzeElement(const ast::Definition& definition, AnalysisContext& context);

}  // namespace mv
