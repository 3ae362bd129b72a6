#pragma once
// The environment core/model/evaluate.h reads leaves from while the mechanics integrates: element
// states come from the flat state vector, parameters from the script, times from the clock, anchors
// and variables from the machine solved at that time (solver/motion/driving_parts.h). With T =
// ceres::Jet the chosen position components are seeded as the Jet's infinitesimal parts, so one
// evaluation of a guard yields its value and its exact gradient with respect to the position.
// With T = Taylor the machine and time move (a moving wall's ∂g/∂t) and, given their rates, the
// states too (the guard's rate and acceleration along the motion).
//
// Reset values may read only constants, time, parameters and element states; guards and regions
// the machine too (docs/reference.md#order-of-solving-and-integrating). findNonMechanicalLeaf
// checks that before anything is evaluated.

#include <type_traits>
#include <vector>

#include "core/model/evaluate.h"
#include "core/model/script.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/mechanics/state_layout.h"
#include "solver/motion/machine_motion.h"
#include "solver/motion/taylor.h"

namespace mv {

// The first leaf that mechanics cannot supply (an out-of-range element state or parameter, and
// unless `machine`, a variable or an anchor), or null when the expression is fine.
const Expression* findNonMechanicalLeaf(const Expression& expression, const Script& script,
                                        bool machine = false);

template <class T>
class StateEnvironment {
public:
    // `seeds[k]` is the state-vector component whose derivative goes into slot k of a Jet;
    // `machine` (may be null) the machine at the time; `rates` (Taylor only, may be null) dx/dt.
    StateEnvironment(const Script& script, const StateLayout& layout, const double* x,
                     TimeContext time, const std::vector<int>* seeds = nullptr,
                     const MachineMotion* machine = nullptr, const double* rates = nullptr)
        : m_script(script),
          m_layout(layout),
          m_x(x),
          m_time(time),
          m_seeds(seeds),
          m_machine(machine),
          m_rates(rates) {}

    // States read with these subtracted (PeriodicReading: a guard's reduced periodic states);
    // empty shifts read them as they are.
    StateEnvironment& shifted(const std::vector<double>& shifts) {
        m_shifts = shifts.empty() ? nullptr : shifts.data();
        return *this;
    }

    Value<T> variable(uint32_t index) const {
        return m_machine ? converted(m_machine->variable(index)) : Value<T>{};
    }
    Value<T> anchor(uint32_t thing, uint32_t anchor) const {
        return m_machine ? converted(m_machine->anchor(thing, anchor)) : Value<T>{};
    }
    Value<T> anchorMotion(uint32_t thing, uint32_t anchor, int order) const {
        return m_machine ? converted(m_machine->anchorMotion(thing, anchor, order)) : Value<T>{};
    }
    Value<T> state(uint32_t element, uint32_t state) const {
        const int at = m_layout.offset(ElementId{element}, state);
        Value<T> value{component(at), T(0)};
        if (m_layout.components(ElementId{element}, state) == 2) value.y = component(at + 1);
        return value;
    }
    double parameter(uint32_t element, uint32_t parameter) const {
        return m_script.elements[element].parameters[parameter].value;
    }
    T localTime() const { return moving(m_time.t); }
    T absoluteTime() const { return moving(m_time.T); }
    double stepLength() const { return m_time.iv; }

private:
    static constexpr bool kTaylor = std::is_same_v<T, Taylor>;

    // A time: it moves at 1 in Taylor arithmetic.
    static T moving(double time) {
        if constexpr (kTaylor) return Taylor(time, 1);
        return T(time);
    }
    // What the machine gives, as T: Jet and double see only its value.
    static Value<T> converted(const Value<Taylor>& v) {
        if constexpr (kTaylor) return v;
        return {T(v.x.v), T(v.y.v)};
    }

    T component(int at) const {
        const double x = m_shifts ? m_x[at] - m_shifts[at] : m_x[at];
        if constexpr (kTaylor) return Taylor(x, m_rates ? m_rates[at] : 0.0);
        T value(x);
        if constexpr (!std::is_same_v<T, double> && !kTaylor) {
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
    const MachineMotion* m_machine;
    const double* m_rates;
    const double* m_shifts = nullptr;
};

}  // namespace mv
