#include "core/analysis/element_analyzer.h"

#include <algorithm>
#include <numbers>

#include "core/analysis/constant_folding.h"
#include "core/analysis/element_visual_analyzer.h"
#include "core/analysis/pivot_analyzer.h"
#include "core/diagnostics/name_suggestion.h"

namespace mv {

namespace {

// The element as declared with no properties. States of order 2 are followed by their `_d1`
// state; parameters are all positive (ParameterSpec(domain=open(0, oo)) in the seed).
Element defaults(const ast::Definition& definition) {
    Element element;
    element.name = definition.name;
    element.nameRange = definition.nameRange;
    element.range = definition.range;
    const SourceRange at = definition.nameRange;
    if (definition.kind == ast::DefinitionKind::Pendulum) {
        element.kind = Element::Kind::Pendulum;
        element.states = {{"theta", ValueType::Scalar, 2, 1, {0.5, 0}, at, 2 * std::numbers::pi},
                          {"theta_d1", ValueType::Scalar, 1, -1, {0, 0}, at}};
        element.parameters = {{"m", 1, at}, {"g", 9.81, at}, {"l", 1, at}};
    } else {
        element.kind = Element::Kind::Point;
        element.states = {{"x", ValueType::Vector, 2, 1, {0, 0}, at},
                          {"x_d1", ValueType::Vector, 1, -1, {0, 0}, at}};
        element.parameters = {{"m", 1, at}};
    }
    return element;
}

// "it has …" of an unknown property, with the closest name when one is (did you mean).
DiagnosticMessage unknownProperty(const Element& element, const std::string& name,
                                  std::string_view kindName) {
    const std::vector<std::string> known =
        elementPropertyNames(element.kind == Element::Kind::Pendulum ? ast::DefinitionKind::Pendulum
                                                                     : ast::DefinitionKind::Point);
    std::string list;
    for (const std::string& property : known) list += (list.empty() ? "" : ", ") + property;
    return suggestName(diag<DiagnosticId::UnknownProperty>(name, kindName, list), name,
                       std::vector<std::string_view>(known.begin(), known.end()));
}

void setState(ElementState& state, const ast::Property& property, AnalysisContext& context) {
    const std::string what = "the initial " + state.name;
    if (state.type == ValueType::Vector) {
        if (const auto value = foldVector(*property.value, context, what)) state.initial = *value;
    } else if (const auto value = foldScalar(*property.value, context, what)) {
        state.initial = {*value, 0};
    }
    state.range = property.range;
}

void setParameter(ElementParameter& parameter, const ast::Property& property,
                  AnalysisContext& context) {
    const auto value = foldScalar(*property.value, context, parameter.name);
    parameter.range = property.range;
    if (!value) return;
    if (*value <= 0) {
        context.report(property.value->range, diag<DiagnosticId::NotPositive>(parameter.name));
        return;
    }
    parameter.value = *value;
}

}  // namespace

Element analyzeElement(const ast::Definition& definition, const ImageResolver& images,
                       const Config& config, AnalysisContext& context) {
    Element element = defaults(definition);
    element.visual = defaultVisual(config);
    const char* kindName = element.kind == Element::Kind::Pendulum ? "a pendulum" : "a point";
    std::vector<const ast::Property*> seen;
    for (const ast::Property& property : definition.properties) {
        const auto earlier = std::find_if(seen.begin(), seen.end(), [&](const ast::Property* p) {
            return p->name == property.name;
        });
        if (earlier != seen.end()) {
            context.report(property.nameRange, diag<DiagnosticId::PropertySetTwice>(
                                                   property.name, context.at((*earlier)->range)));
            continue;
        }
        seen.push_back(&property);
        if (isVisualProperty(property.name)) {
            setVisualProperty(element.visual, property, images, context);
            continue;
        }
        const int state = element.stateIndex(property.name);
        const int parameter = element.parameterIndex(property.name);
        if (isPivot(element, property)) continue;  // an expression: core/analysis/pivot_analyzer.h
        if (state < 0 && parameter < 0) {
            context.report(property.nameRange, unknownProperty(element, property.name, kindName));
            continue;
        }
        if (!property.value) continue;
        if (state >= 0) {
            setState(element.states[state], property, context);
        } else {
            setParameter(element.parameters[parameter], property, context);
        }
    }
    return element;
}

std::vector<std::string> elementPropertyNames(ast::DefinitionKind kind) {
    ast::Definition definition;
    definition.kind = kind;
    const Element element = defaults(definition);
    std::vector<std::string> names;
    for (const ElementState& state : element.states) names.push_back(state.name);
    for (const ElementParameter& p : element.parameters) names.push_back(p.name);
    if (element.kind == Element::Kind::Pendulum) names.push_back("pivot");
    for (std::string_view visual : kVisualProperties) names.emplace_back(visual);
    return names;
}

}  // namespace mv
