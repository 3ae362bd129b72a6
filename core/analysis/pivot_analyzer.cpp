#include "core/analysis/pivot_analyzer.h"

#include <algorithm>

namespace mv {

bool isPivot(const Element& element, const ast::Property& property) {
    return element.kind == Element::Kind::Pendulum && property.name == "pivot";
}

void analyzePivot(const ast::Definition& definition, ElementId element, Script& script,
                  ExpressionResolver& resolver) {
    Element& pendulum = script.elements[element];
    const auto property =
        std::find_if(definition.properties.begin(), definition.properties.end(),
                     [&](const ast::Property& p) { return isPivot(pendulum, p); });
    if (property == definition.properties.end() || !property->value) return;
    static const std::vector<uint32_t> noStates;
    ResolveScope scope;
    scope.element = static_cast<int>(element);
    scope.states = &noStates;
    scope.what = "a pivot";
    scope.allowed =
        "anchors, variables, t, T, iv, the parameters of " + pendulum.name + " and constants";
    const Typed typed = resolver.resolve(*property->value, scope);
    resolver.rules().pivot({typed.type, *property->value});
    pendulum.pivot = typed.node;
}

}  // namespace mv
