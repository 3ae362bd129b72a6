// Layer probe (see tests/layers/layer_probe.cmake): the solver sees core and itself.
#include "solver/api/animation.h"

int main() {
    return 0;
}
