// How a person reads a value (core/text/readable_value.h): angles reduced to (−180°, 180°] with
// the turns beside them, lengths at the canvas's precision.
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>

#include "core/text/readable_value.h"

using namespace mv;

namespace {

double radians(double degrees) {
    return degrees * std::numbers::pi / 180;
}

}  // namespace

TEST_CASE("an angle reads above −180° and up to 180° with the whole turns beside it",
          "[readable]") {
    CHECK(angleText(radians(90)) == "90.0°");
    CHECK(angleText(radians(180)) == "180.0°");
    CHECK(angleText(radians(-180)) == "180.0°, -1 turn");
    CHECK(angleText(radians(666)) == "-54.0°, 2 turns");
    CHECK(angleText(radians(2070)) == "-90.0°, 6 turns");
    CHECK(angleText(radians(306)) == "-54.0°, 1 turn");
    CHECK(angleText(radians(-190)) == "170.0°, -1 turn");
    CHECK(angleText(radians(-0.01)) == "0.0°");
    CHECK(angleText(std::nan("")) == "undefined");
}

TEST_CASE("the reduction follows the rounding, so 180° has one reading", "[readable]") {
    const AngleReading a = readAngle(radians(179.96));
    CHECK(a.degrees == 180.0);
    CHECK(a.turns == 0);
    const AngleReading b = readAngle(radians(-179.96));
    CHECK(b.degrees == 180.0);
    CHECK(b.turns == -1);
    // Every reading adds back up to the rounded total.
    for (double d = -1000; d <= 1000; d += 7.3) {
        const AngleReading r = readAngle(radians(d));
        INFO(d);
        CHECK(r.degrees > -180);
        CHECK(r.degrees <= 180);
        CHECK(r.degrees + 360 * r.turns == Approx(std::round(d * 10) / 10).margin(1e-9));
    }
}

TEST_CASE("a rate of an angle reads in degrees, not reduced", "[readable]") {
    CHECK(angleRateText(radians(400), "°/s") == "400.0°/s");
    CHECK(angleRateText(radians(-12.345), "°/s²") == "-12.3°/s²");
}

TEST_CASE("numbers have fixed decimals, never -0, and scientific beyond 1e9", "[readable]") {
    CHECK(fixedText(400.619, 1) == "400.6");
    CHECK(fixedText(-0.04, 1) == "0.0");
    CHECK(fixedText(36, 1) == "36.0");
    CHECK(fixedText(2.5e9, 1) == "2.500000000e+09");
    CHECK(fixedText(INFINITY, 2) == "undefined");
}

TEST_CASE("the canvas size sets the decimals of lengths", "[readable]") {
    CHECK(canvasDecimals(800, 400) == 1);
    CHECK(canvasDecimals(480, 400) == 1);
    CHECK(canvasDecimals(1920, 1080) == 0);
    CHECK(canvasDecimals(50, 20) == 2);
    CHECK(canvasDecimals(0.001, 0.001) == 6);
    CHECK(canvasDecimals(0, 0) == 1);
}
