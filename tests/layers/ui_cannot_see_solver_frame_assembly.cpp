// Layer probe (see tests/layers/layer_probe.cmake): the editor sees the folder solver/api/ and no
// other header of the solver, not even one beside the folder.
#include "solver/frame_assembly.h"

int main() {
    return 0;
}
