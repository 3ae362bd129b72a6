#pragma once
// Builds the masses of a script (docs/reference.md#masses-and-forces): `Name : .mass target = Thing
// m = … [J = …] [at = …];` fixes a rigid mass to a thing. The analyzer finds the thing, folds the
// constants, and places the mass's centre in the thing's body frame: at `at`, or for a bar without
// it spread evenly along the bar's polyline, whose moment of inertia it then computes. What the
// forces do with it is the solver's (docs/mechanics.md).

#include <string_view>
#include <vector>

#include "core/analysis/analysis_context.h"
#include "core/model/script.h"
#include "core/text/ast.h"

namespace mv {

// The properties a mass takes.
std::vector<std::string_view> massPropertyNames();

// Always returns a mass (its index is its definition order); errors go to the context. The
// script's things and its machine gravity (whose scale turns a bar's lengths into metres) must be
// complete.
Mass analyzeMass(const ast::Definition& definition, const Script& script, AnalysisContext& context);

}  // namespace mv
