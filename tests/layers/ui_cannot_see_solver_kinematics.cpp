// Layer probe (see tests/layers/layer_probe.cmake): the editor sees the solver's public face only
// (solver/CMakeLists.txt lists it), never its kinematics.
#include "solver/kinematics/segment_solver.h"

int main() {
    return 0;
}
