// Layer probe (see tests/layers/layer_probe.cmake): the window-less render library sees its own
// rooms, the solver's face and core.
#include "ui/export/frame_exporter.h"
#include "ui/scene/machine_scene.h"

int main() {
    return 0;
}
