// Layer probe (see tests/layers/layer_probe.cmake): the editor must not see the program.
#include "app/commands.h"

int main() {
    return 0;
}
