#pragma once
// The environment core/evaluate.h reads leaves from while the mechanics integrates: element states
// come from the flat state vector, parameters from the script, times from the clock. With T =
// ceres::Jet the chosen position components are seeded as the Jet's infinitesimal parts, so one
// evaluation of a guard yields its value and its exact gradient with respect to the position.
//
// Guards, regions and reset values may read only constants, time, parameters and element states
// (LANGUAGE.md §8); findNonMechanicalLeaf checks that before anything is evaluated, so variable()
// and anchor() are never reached.

#include <type_traits>
#include <vector>

#include "core/evaluate.h"
#include "core/script.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/mechanics/state_layout.h"

namespace mv {

// The first leaf that mechanics cannot supply (a variable, an anchor, an out-of-range element
// state or parameter), or null when the expression is fine.
const Expression* findNonMechanicalLeaf(const Expression& expression, const Script& script);

template <class T>
class StateEnvironment {
public:
    // `seeds[k]` is the state-vector component whose derivative goes into slot k of a Jet.
    StateEnvironment(const Script& script, const StateLayout& layout, const double* x,
                     TimeContext time, const std::vector<int>* seeds = nullptr)
        : m_script(script), m_layout(layout), m_x(x), m_time(time), m_seeds(seeds) {}

    Value<T> variable(uint32_t) const { return {}; }
    Value<T> anchor(uint32_t, uint32_t) const { return {}; }
    Value<T> state(uint32_t element, uint32_t state) const {
        const int at = m_layout.offset(ElementId{element}, state);
        Value<T> value{component(at), T(0)};
        if (m_layout.components(ElementId{element}, state) == 2) value.y = component(at + 1);
        return value;
    }
    double parameter(uint32_t element, uint32_t parameter) const {
        return m_script.elements[element].parameters[parameter].value;
    }
    double localTime() const { return m_time.t; }
    double absoluteTime() const { return m_time.T; }
    double stepLength() const { return m_time.iv; }

private:
    T component(int at) const {
        T value(m_x[at]);
        if constexpr (!std::is_same_v<T, double>) {
            if (!m_seeds) return value;
            for (size_t k = 0; k < m_seeds->size(); ++k) {
                if ((*m_seeds)[k] == at) value.v[static_cast<int>(k)] = 1.0;
            }
        }
        return value;
    }

    const Script& m_script;
    const StateLayout& m_layout;
    const double* m_x;
    TimeContext m_time;
    const std::vector<int>* m_seeds;
};

}  // namespace mv
