#include "core/analysis/interaction_analyzer.h"

#include <algorithm>

#include "core/analysis/constant_folding.h"
#include "core/analysis/definition_properties.h"
#include "core/analysis/suggestion_candidates.h"
#include "core/diagnostics/name_suggestion.h"

namespace mv {

namespace {

using Properties = DefinitionProperties;

struct KindInfo {
    Interaction::Kind kind;
    const char* name;                          // "a swing"
    std::vector<std::string_view> properties;  // the properties it accepts
};

KindInfo kindInfo(ast::DefinitionKind kind) {
    switch (kind) {
        case ast::DefinitionKind::Swing:
            return {Interaction::Kind::Swing, "a swing", {"target"}};
        case ast::DefinitionKind::Gravity:
            return {Interaction::Kind::Gravity, "a gravity", {"target", "g"}};
        default:
            return {Interaction::Kind::Reflection,
                    "a reflection",
                    {"target", "guard", "direction", "restitution", "region", "positions",
                     "velocities"}};
    }
}

// Which element kinds each interaction acts on (the seed: a swing moves a pendulum, gravity pulls
// a point, a reflection bounces either).
bool targetFits(Interaction::Kind kind, Element::Kind target) {
    switch (kind) {
        case Interaction::Kind::Swing:
            return target == Element::Kind::Pendulum;
        case Interaction::Kind::Gravity:
            return target == Element::Kind::Point;
        case Interaction::Kind::Reflection:
            return true;
    }
    return false;
}

std::optional<ElementId> resolveTarget(const ast::Definition& definition, const KindInfo& info,
                                       const Properties& properties, const Script& script,
                                       AnalysisContext& context) {
    const auto found = properties.find("target");
    if (found == properties.end()) {
        context.report(definition.nameRange,
                       diag<DiagnosticId::InteractionWithoutTarget>(definition.name));
        return std::nullopt;
    }
    const ast::Expr& value = *found->second->value;
    if (value.kind != ast::ExprKind::Name) {
        if (value.kind != ast::ExprKind::Error)
            context.report(value.range, diag<DiagnosticId::TargetNotName>("an element"));
        return std::nullopt;
    }
    const DefinedName* name = context.find(value.text);
    if (!name || name->category != DefinedName::Category::Element) {
        if (!name || name->category != DefinedName::Category::Broken)
            context.report(
                value.range,
                suggestName(diag<DiagnosticId::UnknownElement>(value.text), value.text,
                            definedNames(context.names, {DefinedName::Category::Element})));
        return std::nullopt;
    }
    const Element& element = script.elements[name->index];
    if (!targetFits(info.kind, element.kind)) {
        const char* what = element.kind == Element::Kind::Pendulum ? "a pendulum" : "a point";
        context.report(value.range,
                       diag<DiagnosticId::TargetOfWrongKind>(info.name, element.name, what));
        return std::nullopt;
    }
    return ElementId{name->index};
}

// `positions = x` or `positions = [a, b]`: state names of the target; nullopt after an error.
std::optional<std::vector<uint32_t>> stateList(const Properties& properties,
                                               std::string_view property, std::string_view fallback,
                                               const Element& target, AnalysisContext& context) {
    const auto found = properties.find(property);
    if (found == properties.end())
        return std::vector<uint32_t>{static_cast<uint32_t>(target.stateIndex(fallback))};
    const ast::Expr& value = *found->second->value;
    std::vector<const ast::Expr*> names;
    if (value.kind == ast::ExprKind::Vector) {
        for (const auto& arg : value.args) names.push_back(arg.get());
    } else {
        names.push_back(&value);
    }
    std::vector<uint32_t> states;
    for (const ast::Expr* name : names) {
        const int index = name->kind == ast::ExprKind::Name ? target.stateIndex(name->text) : -1;
        if (index < 0) {
            context.report(name->range, diag<DiagnosticId::NotStatesOf>(property, target.name));
            return std::nullopt;
        }
        if (std::find(states.begin(), states.end(), static_cast<uint32_t>(index)) != states.end()) {
            context.report(name->range, diag<DiagnosticId::StateNamedTwice>(name->text, property));
            return std::nullopt;
        }
        states.push_back(static_cast<uint32_t>(index));
    }
    return states;
}

// False when the state names were wrong (and reported), so the guard is not checked against them.
bool pairStates(Interaction& interaction, const Properties& properties, const Element& target,
                AnalysisContext& context) {
    const bool pendulum = target.kind == Element::Kind::Pendulum;
    const auto positions =
        stateList(properties, "positions", pendulum ? "theta" : "x", target, context);
    const auto velocities =
        stateList(properties, "velocities", pendulum ? "theta_d1" : "x_d1", target, context);
    if (!positions || !velocities) return false;
    interaction.positions = *positions;
    interaction.velocities = *velocities;
    if (interaction.positions.size() != interaction.velocities.size()) {
        const auto found = properties.find("velocities");
        const SourceRange at =
            found != properties.end() ? found->second->value->range : interaction.nameRange;
        context.report(
            at, diag<DiagnosticId::UnpairedStates>(std::to_string(interaction.positions.size()),
                                                   std::to_string(interaction.velocities.size())));
        return false;
    }
    return true;
}

void setReflectionConstants(Interaction& interaction, const Properties& properties,
                            AnalysisContext& context) {
    if (const auto found = properties.find("direction"); found != properties.end()) {
        const ast::Expr& value = *found->second->value;
        if (const auto direction = foldScalar(value, context, "direction")) {
            if (*direction != -1 && *direction != 0 && *direction != 1) {
                context.report(value.range, diag<DiagnosticId::BadDirection>());
            } else {
                interaction.direction = static_cast<int>(*direction);
            }
        }
    }
    if (const auto found = properties.find("restitution"); found != properties.end()) {
        const ast::Expr& value = *found->second->value;
        if (const auto restitution = foldScalar(value, context, "restitution")) {
            if (*restitution < 0 || *restitution > 1) {
                context.report(value.range, diag<DiagnosticId::BadRestitution>());
            } else {
                interaction.restitution = *restitution;
            }
        }
    }
}

void setReflectionExpressions(Interaction& interaction, const Properties& properties,
                              const Element& target, bool knownPositions,
                              ExpressionResolver& resolver, AnalysisContext& context) {
    std::string positionNames;
    for (uint32_t state : interaction.positions)
        positionNames +=
            (positionNames.empty() ? "" : ", ") + target.name + "." + target.states[state].name;
    // A wall the machine moves reads anchors, variables and time (docs/reference.md#walls, moving
    // walls).
    ResolveScope scope;
    scope.element = static_cast<int>(interaction.target);
    scope.states = knownPositions ? &interaction.positions : nullptr;
    scope.anchorMotion = 1;
    scope.what = "a guard";
    scope.allowed = positionNames + ", the parameters of " + target.name +
                    ", anchors, variables, time and constants";
    const auto guard = properties.find("guard");
    if (guard == properties.end()) {
        context.report(interaction.nameRange,
                       diag<DiagnosticId::ReflectionWithoutGuard>(interaction.name));
    } else {
        const ast::Expr& value = *guard->second->value;
        const Typed typed = resolver.resolve(value, scope);
        resolver.rules().guard({typed.type, value});
        interaction.guard = typed.node;
    }
    if (const auto region = properties.find("region"); region != properties.end()) {
        scope.states = nullptr;
        scope.anchorMotion = 2;
        scope.what = "a region";
        scope.allowed = "the states and parameters of " + target.name +
                        ", anchors, variables, time and constants";
        interaction.region = resolver.resolveCondition(*region->second->value, scope);
    }
}

}  // namespace

Interaction analyzeInteraction(const ast::Definition& definition, const Script& script,
                               ExpressionResolver& resolver, AnalysisContext& context) {
    const KindInfo info = kindInfo(definition.kind);
    Interaction interaction;
    interaction.name = definition.name;
    interaction.nameRange = definition.nameRange;
    interaction.range = definition.range;
    interaction.kind = info.kind;
    const Properties properties =
        collectProperties(definition, info.name, info.properties, context);
    const auto target = resolveTarget(definition, info, properties, script, context);
    if (const auto g = properties.find("g"); g != properties.end()) {
        if (const auto value = foldVector(*g->second->value, context, "g"))
            interaction.gravity = *value;
    }
    if (info.kind != Interaction::Kind::Reflection) {
        if (target) interaction.target = *target;
        return interaction;
    }
    setReflectionConstants(interaction, properties, context);
    if (!target) return interaction;
    interaction.target = *target;
    const Element& element = script.elements[*target];
    const bool knownPositions = pairStates(interaction, properties, element, context);
    setReflectionExpressions(interaction, properties, element, knownPositions, resolver, context);
    return interaction;
}

std::vector<std::string_view> interactionPropertyNames(ast::DefinitionKind kind) {
    return kindInfo(kind).properties;
}

}  // namespace mv
