// Layer probe (see tests/layers/layer_probe.cmake): the editor sees the solver and itself.
#include "solver/api/animation.h"
#include "ui/editor/widget_positions.h"

int main() {
    return 0;
}
