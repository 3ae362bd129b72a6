#include "solver/kinematics/number_text.h"

#include <cmath>
#include <cstdio>

namespace mv {

std::string numberText(double value) {
    char text[32];
    // Three significant digits, but never an exponent for the sizes a canvas has.
    const double magnitude = std::abs(value);
    if (magnitude >= 1000 && magnitude < 1e9) {
        std::snprintf(text, sizeof text, "%.0f", value);
    } else {
        std::snprintf(text, sizeof text, "%.3g",
                      magnitude < 1e-9 ? 0.0 : value);  // no "-0", no "1e-17"
    }
    return text;
}

}  // namespace mv
