// Layer probe (see tests/layers/layer_probe.cmake): the render library, which the command line
// and the Python module use without a window, cannot reach the editor's windows.
#include "ui/window/main_window.h"

int main() {
    return 0;
}
