#pragma once
// How the Jet tests compare a tape's number with Jet's: to rounding, and NaN or an infinity only
// with the same.

#include <catch2/catch.hpp>

#include <cmath>

namespace mv::kinematics_test {

// Values agree to rounding (the tape computes hypot as sqrt(a² + b²), not std::hypot); NaN on
// both sides counts as agreement (asin(2) is no number either way).
inline void checkNumber(double tape, double jet) {
    if (std::isnan(jet)) {
        CHECK(std::isnan(tape));
    } else if (std::isinf(jet)) {
        CHECK(tape == jet);
    } else {
        // The margin covers cancellation: through a / b chained, d/ds is a/b - a/b.
        CHECK(tape == Approx(jet).epsilon(1e-12).margin(1e-12));
    }
}

}  // namespace mv::kinematics_test
