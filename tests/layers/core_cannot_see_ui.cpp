// Layer probe (see tests/layers/layer_probe.cmake): core must not see the editor.
#include "ui/editor/widget_positions.h"

int main() {
    return 0;
}
