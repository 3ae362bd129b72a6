#include "core/model/state_reading.h"

namespace mv {

StateReading stateReading(const Element& element, size_t state) {
    if (state >= element.states.size()) return StateReading::Plain;
    if (element.states[state].period > 0) return StateReading::Angle;
    for (const ElementState& s : element.states)
        if (s.period > 0 && s.derivative == static_cast<int>(state)) return StateReading::AngleRate;
    return StateReading::Plain;
}

}  // namespace mv
