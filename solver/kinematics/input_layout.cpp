#include "solver/kinematics/input_layout.h"

namespace mv {

std::vector<double> frameInputs(const Script& script, const Frame& frame,
                                const ElementStates* states) {
    return layInputs<double>(script, states, frame.t, frame.time, frame.iv,
                             [](size_t, size_t, double value, int) { return value; });
}

}  // namespace mv
