#pragma once
// The clock of an expression evaluated during the integration: `T` is the integrator's time, `t`
// and `iv` follow from the step being integrated (docs/reference.md#steps-and-markers). The
// integrator runs one step interval at a time, so the step is fixed while a clock is in use.

#include "core/model/script.h"

namespace mv {

struct TimeContext {
    double T = 0;   // absolute time
    double t = 0;   // since the step's marker
    double iv = 0;  // length of the step, 0 in the last one
    int step = 0;   // the step being integrated
};

class MechanicsClock {
public:
    MechanicsClock(const Script& script, int step) : m_script(script), m_step(step) {}

    TimeContext at(double T) const {
        const auto& steps = m_script.steps;
        const double marker = steps[m_step].time;
        const bool last = m_step + 1 >= static_cast<int>(steps.size());
        return {T, T - marker, last ? 0.0 : steps[m_step + 1].time - marker, m_step};
    }
    int step() const { return m_step; }

private:
    const Script& m_script;
    int m_step = 0;
};

}  // namespace mv
