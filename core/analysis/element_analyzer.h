#pragma once
// Builds the elements of a script (docs/reference.md#elements-and-interactions: `.pendulum`,
// `.point`): their states with initial values and their parameters, from the defaults of the seed's
// mechanics package overridden by the properties the user wrote, and how each is drawn on the
// canvas.

#include <string>
#include <vector>

#include "core/analysis/analysis_context.h"
#include "core/analysis/image_resolver.h"
#include "core/model/script.h"
#include "core/text/ast.h"

namespace mv {

// The properties an element of `kind` (Pendulum or Point) takes, in the order its errors list them:
// its states, its parameters, `pivot` for a pendulum, and the visual's.
std::vector<std::string> elementPropertyNames(ast::DefinitionKind kind);

// Always returns an element (ElementIds follow the definition order); errors go to the context.
// `images` checks a visual's image file; `config` gives the canvas the visual's origin defaults to.
Element analyzeElement(const ast::Definition& definition, const ImageResolver& images,
                       const Config& config, AnalysisContext& context);

}  // namespace mv
