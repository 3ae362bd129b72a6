// Layer probe (see tests/layers/layer_probe.cmake): core sees its own headers.
#include "core/model/script.h"

int main() {
    return 0;
}
