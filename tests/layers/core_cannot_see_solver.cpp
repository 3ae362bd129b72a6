// Layer probe (see tests/layers/layer_probe.cmake): core must not see the solver.
#include "solver/api/frame_solution.h"

int main() {
    return 0;
}
