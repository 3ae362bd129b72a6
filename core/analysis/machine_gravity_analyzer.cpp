#include "core/analysis/machine_gravity_analyzer.h"

#include <algorithm>

#include "core/analysis/constant_folding.h"
#include "core/analysis/definition_properties.h"

namespace mv {

namespace {

// g and scale, each a constant; the defaults of a gravity that is written are Earth's and 100
// canvas units to the metre.
MachineGravity readGravity(const ast::Definition& definition, AnalysisContext& context) {
    MachineGravity gravity;
    gravity.name = definition.name;
    gravity.range = definition.range;
    gravity.g = {0, -9.81};
    const DefinitionProperties properties = collectProperties(
        definition, "a gravity without a target", machineGravityPropertyNames(), context);
    if (const ast::Expr* g = propertyValue(properties, "g")) {
        if (const auto value = foldVector(*g, context, "g")) gravity.g = *value;
    }
    if (const ast::Expr* scale = propertyValue(properties, "scale")) {
        const auto value = foldScalar(*scale, context, "scale");
        if (value && !(*value > 0)) {
            context.report(scale->range, diag<DiagnosticId::NotPositive>("scale"));
        } else if (value) {
            gravity.scale = *value;
        }
    }
    return gravity;
}

}  // namespace

std::vector<std::string_view> machineGravityPropertyNames() {
    return {"g", "scale"};
}

bool isMachineGravity(const ast::Definition& definition) {
    return definition.kind == ast::DefinitionKind::Gravity &&
           std::none_of(definition.properties.begin(), definition.properties.end(),
                        [](const ast::Property& property) { return property.name == "target"; });
}

MachineGravity analyzeMachineGravity(const std::vector<ast::Definition>& definitions,
                                     AnalysisContext& context) {
    const bool masses =
        std::any_of(definitions.begin(), definitions.end(), [](const ast::Definition& definition) {
            return definition.kind == ast::DefinitionKind::Mass;
        });
    MachineGravity gravity;
    bool found = false;
    for (const ast::Definition& definition : definitions) {
        if (!isMachineGravity(definition)) continue;
        // A second one is read all the same, so its own mistakes are reported too.
        MachineGravity written = readGravity(definition, context);
        if (found) {
            context.report(definition.nameRange, diag<DiagnosticId::GravityDefinedTwice>(
                                                     gravity.name, context.at(gravity.range)));
            continue;
        }
        if (!masses)
            context.report(definition.nameRange,
                           diag<DiagnosticId::GravityWithoutMasses>(definition.name));
        gravity = std::move(written);
        found = true;
    }
    return gravity;
}

}  // namespace mv
