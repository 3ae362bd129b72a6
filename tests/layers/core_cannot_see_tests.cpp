// Layer probe (see tests/layers/layer_probe.cmake): core must not see the tests' helpers.
#include "tests/support/example_script.h"

int main() {
    return 0;
}
