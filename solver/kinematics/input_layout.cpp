#include "solver/kinematics/input_layout.h"

namespace mv {

void frameInputs(const Script& script, const Frame& frame, const ElementStates* states,
                 std::vector<double>& inputs) {
    layInputs<double>(
        script, states, frame.t, frame.time, frame.iv,
        [](size_t, size_t, double value, int) { return value; }, inputs);
}

}  // namespace mv
