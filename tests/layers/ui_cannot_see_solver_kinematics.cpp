// Layer probe (see tests/layers/layer_probe.cmake): the editor sees the solver's public face only
// (the folder solver/api/), never its kinematics.
#include "solver/kinematics/segment_solver.h"

int main() {
    return 0;
}
