// Layer probe (see tests/layers/layer_probe.cmake): the editor sees the solver and itself.
#include "solver/animation.h"
#include "ui/editor/text_offsets.h"

int main() {
    return 0;
}
