#include "solver/mechanics/resets.h"

#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "solver/mechanics/state_environment.h"

namespace mv {

namespace {

// Why a reset cannot be applied, or nothing when it can.
std::optional<DiagnosticMessage> checkReset(const Script& script, const Reset& reset) {
    if (reset.element >= script.elements.size() ||
        reset.state >= script.elements[reset.element].states.size())
        return diag<DiagnosticId::ResetWithoutState>();
    if (!reset.value) return diag<DiagnosticId::ResetWithoutValue>();
    if (findNonMechanicalLeaf(*reset.value, script)) return diag<DiagnosticId::ResetReadsMachine>();
    return std::nullopt;
}

}  // namespace

std::vector<ElementId> applyResets(const Script& script, const StateLayout& layout, int step,
                                   TimeContext time, StateVector& x, Diagnostics& diagnostics) {
    std::vector<std::pair<const Reset*, Vec2>> values;
    const StateEnvironment<double> env(script, layout, x.data(), time);
    for (const uint32_t index : script.steps[step].resets) {
        if (index >= script.resets.size()) continue;
        const Reset& reset = script.resets[index];
        if (auto why = checkReset(script, reset)) {
            diagnostics.report(reset.range, std::move(*why));
            continue;
        }
        const Value<double> value = evaluate<double>(*reset.value, env);
        const bool vector = layout.components(reset.element, reset.state) == 2;
        if (!std::isfinite(value.x) || (vector && !std::isfinite(value.y))) {
            diagnostics.report(reset.range,
                               diag<DiagnosticId::ResetNotANumber>(std::to_string(time.T)));
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
