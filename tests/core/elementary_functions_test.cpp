// core/model/elementary_functions.h: the desktop computes musl's last bits, the ones the
// WebAssembly page's libc computes, not glibc's. The arguments below are where the two libraries
// round apart (found by comparing them over random arguments); the expected values are musl's,
// which tests/web/solve_equality.mjs then meets in the browser on every script.

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "core/model/elementary_functions.h"

using namespace mv;

TEST_CASE("sin and atan2 are musl's where glibc's round a last bit apart", "[elementary]") {
    // glibc: -0x1.d9d87eeeeffbbp-1 and 0x1.e14786bd97a3fp-1.
    CHECK(elementary::sin(-0x1.f5942ccb36247p+0) == -0x1.d9d87eeeeffbap-1);
    CHECK(elementary::sin(0x1.eb41577648c0cp+0) == 0x1.e14786bd97a3ep-1);
    // glibc: -0x1.2d414b5979107p+1 and 0x1.1749f27d5f2fbp-3.
    CHECK(elementary::atan2(-0x1.2ea924d9d1748p+2, -0x1.2d1137b3f6ecfp+2) == -0x1.2d414b5979108p+1);
    CHECK(elementary::atan2(0x1.f5c673436d83p-2, 0x1.c9144f20217c8p+1) == 0x1.1749f27d5f2fap-3);
}

TEST_CASE("sinCos gives the two numbers sin and cos give, bit for bit", "[elementary]") {
    // Small, moderate, near multiples of pi/2, huge (the long argument reduction), negative.
    std::vector<double> angles = {0.0,
                                  -0.0,
                                  1e-300,
                                  1e-9,
                                  0.5,
                                  1.0,
                                  1.5707963267948966,
                                  3.141592653589793,
                                  -2.356194490192345,
                                  1e6,
                                  1e22,
                                  -7e15};
    for (int i = 0; i < 2000; ++i) angles.push_back(std::ldexp(1.0 + i * 0.618034, i % 60 - 20));
    for (double angle : angles) {
        const elementary::SinCos both = elementary::sinCos(angle);
        INFO("angle " << angle);
        CHECK(both.sin == elementary::sin(angle));
        CHECK(both.cos == elementary::cos(angle));
    }
}

TEST_CASE("the elementary functions agree with std's to an ulp or two", "[elementary]") {
    // Not which last bit, only that each name computes its function.
    for (double x = -3.0; x <= 3.0; x += 0.0625) {
        const double y = 0.75 * x + 0.3;
        CHECK(elementary::sin(x) == Approx(std::sin(x)).epsilon(1e-15).margin(1e-300));
        CHECK(elementary::cos(x) == Approx(std::cos(x)).epsilon(1e-15).margin(1e-300));
        CHECK(elementary::atan2(y, x) == Approx(std::atan2(y, x)).epsilon(1e-15));
        CHECK(elementary::exp(x) == Approx(std::exp(x)).epsilon(1e-15));
        CHECK(elementary::hypot(x, y) == Approx(std::hypot(x, y)).epsilon(1e-15));
        if (std::abs(x) < 1.0) {
            CHECK(elementary::tan(x) == Approx(std::tan(x)).epsilon(1e-15));
            CHECK(elementary::asin(x) == Approx(std::asin(x)).epsilon(1e-15));
            CHECK(elementary::acos(x) == Approx(std::acos(x)).epsilon(1e-15));
        }
        if (x > 0) {
            CHECK(elementary::log(x) == Approx(std::log(x)).epsilon(1e-15).margin(1e-300));
            CHECK(elementary::log10(x) == Approx(std::log10(x)).epsilon(1e-15).margin(1e-300));
            CHECK(elementary::pow(x, y) == Approx(std::pow(x, y)).epsilon(1e-15));
        }
    }
}
