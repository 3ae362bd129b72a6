#pragma once
// The machine's gravity (docs/reference.md#masses-and-forces): `Name : .gravity g = [gx, gy]
// [scale = s];` without a target pulls every `.mass` and never an element, and its scale turns
// canvas units into metres for all the forces. With a target, `.gravity` is an interaction that
// pulls one point (core/analysis/interaction_analyzer.h); which one a definition is depends only on
// whether it writes `target`, so names can be registered before any property is read.

#include <string_view>
#include <vector>

#include "core/analysis/analysis_context.h"
#include "core/model/script.h"
#include "core/text/ast.h"

namespace mv {

// The properties the machine's gravity takes.
std::vector<std::string_view> machineGravityPropertyNames();

// Whether `definition` is the machine's gravity: a `.gravity` that writes no target.
bool isMachineGravity(const ast::Definition& definition);

// The first machine gravity among `definitions`, or none (g = [0, 0], scale 100). A second is an
// error, and one in a script without a `.mass` a warning: it would pull nothing.
MachineGravity analyzeMachineGravity(const std::vector<ast::Definition>& definitions,
                                     AnalysisContext& context);

}  // namespace mv
