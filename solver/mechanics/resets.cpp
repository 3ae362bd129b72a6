#include "solver/mechanics/resets.h"

#include <cmath>
#include <string>
#include <utility>

#include "solver/mechanics/state_environment.h"

namespace mv {

namespace {

// Why a reset cannot be applied, or empty when it can.
std::string checkReset(const Script& script, const Reset& reset) {
    if (reset.element >= script.elements.size() ||
        reset.state >= script.elements[reset.element].states.size())
        return "the reset does not name a state of an element";
    if (!reset.value) return "the reset has no value";
    if (findNonMechanicalLeaf(*reset.value, script))
        return "a reset may read only constants, T, parameters and element states";
    return {};
}

}  // namespace

std::vector<ElementId> applyResets(const Script& script, const StateLayout& layout, int step,
                                   TimeContext time, StateVector& x, Diagnostics& diagnostics) {
    std::vector<std::pair<const Reset*, Vec2>> values;
    const StateEnvironment<double> env(script, layout, x.data(), time);
    for (const uint32_t index : script.steps[step].resets) {
        if (index >= script.resets.size()) continue;
        const Reset& reset = script.resets[index];
        if (const std::string why = checkReset(script, reset); !why.empty()) {
            diagnostics.error(reset.range, why, DiagnosticKind::Mechanics);
            continue;
        }
        const Value<double> value = evaluate<double>(*reset.value, env);
        const bool vector = layout.components(reset.element, reset.state) == 2;
        if (!std::isfinite(value.x) || (vector && !std::isfinite(value.y))) {
            diagnostics.error(reset.range,
                              "the reset's value is not a number at T = " + std::to_string(time.T) +
                                  "; it is skipped",
                              DiagnosticKind::Mechanics);
            continue;
        }
        values.emplace_back(&reset, Vec2{value.x, value.y});
    }
    std::vector<ElementId> touched;
    for (const auto& [reset, value] : values) {
        layout.set(x, reset->element, reset->state, value);
        touched.push_back(reset->element);
    }
    return touched;
}

}  // namespace mv
