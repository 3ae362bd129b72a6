#pragma once
// The per-frame inputs every constraint's tape reads, in one order for the solver and the motion:
// t, T and iv, then every element's states as (x, y), element after element. A scalar state
// takes its x; its y is unused.

#include <cstdint>
#include <vector>

#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

inline constexpr uint32_t kFixedInputs = 3;  // t, T, iv

// Where an element state's x sits among the inputs.
inline uint32_t stateInput(const Script& script, ElementId element, uint32_t state) {
    uint32_t index = kFixedInputs;
    for (ElementId e{0}; e < element; ++e) index += 2 * uint32_t(script.elements[e].states.size());
    return index + 2 * state;
}

// The inputs in their order, in any arithmetic, into `inputs` (its room kept: a frame's inputs
// are laid out every frame, and need no allocation after the first): `t`, `time`, `iv`, then
// `state(element, state, value)` for each component of each state, where `value` is the state's
// value at the frame: from `states` when it has it, else the state's initial value.
template <class T, class State>
void layInputs(const Script& script, const ElementStates* states, T t, T time, T iv, State state,
               std::vector<T>& inputs) {
    inputs.assign({t, time, iv});
    for (size_t e = 0; e < script.elements.size(); ++e) {
        for (size_t s = 0; s < script.elements[e].states.size(); ++s) {
            const bool known = states && e < states->size() && s < (*states)[e].size();
            const Vec2 value = known ? (*states)[e][s] : script.elements[e].states[s].initial;
            inputs.push_back(state(e, s, value.x, 0));
            inputs.push_back(state(e, s, value.y, 1));
        }
    }
}

// The inputs of a frame as numbers, into `inputs`; `states` may be null when the script has no
// elements.
void frameInputs(const Script& script, const Frame& frame, const ElementStates* states,
                 std::vector<double>& inputs);

}  // namespace mv
