// A plot axis's ticks are round numbers that cover the data: checked on ranges whose nice
// numbers are known by hand.

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>

#include "ui/panels/plot_axis.h"

using namespace mv;

TEST_CASE("an axis covers its range with ticks 1, 2 or 5 times a power of ten apart", "[plot]") {
    // ±35 in about 5 ticks: steps of 20 from -40 to 40.
    const PlotAxis position = PlotAxis::fitted(-35, 35, 5);
    CHECK(position.step == 20);
    CHECK(position.lo == -40);
    CHECK(position.hi == 40);
    CHECK(position.ticks == std::vector<double>{-40, -20, 0, 20, 40});
    CHECK(position.label(-20) == "-20");
    // ±5,922 in about 5 ticks: steps of 5,000.
    const PlotAxis acceleration = PlotAxis::fitted(-5922, 5922, 5);
    CHECK(acceleration.step == 5000);
    CHECK(acceleration.lo == -10000);
    CHECK(acceleration.hi == 10000);
    // A small range keeps the decimals its step needs.
    const PlotAxis small = PlotAxis::fitted(0.013, 0.087, 5);
    CHECK(small.step == Approx(0.02));
    CHECK(small.label(small.ticks[1]) == "0.02");
    // Zero is written as 0, never -0, even after rounding.
    const PlotAxis around = PlotAxis::fitted(-0.3, 0.7, 6);
    CHECK(std::count(around.ticks.begin(), around.ticks.end(), 0.0) == 1);
    CHECK(around.label(around.ticks[std::find(around.ticks.begin(), around.ticks.end(), 0.0) -
                                    around.ticks.begin()]) == "0.0");
}

TEST_CASE("a constant or undefined series still gets an axis around it", "[plot]") {
    const PlotAxis constant = PlotAxis::fitted(180, 180, 5);
    CHECK(constant.lo < 180);
    CHECK(constant.hi > 180);
    const PlotAxis nothing = PlotAxis::fitted(std::numeric_limits<double>::infinity(),
                                              -std::numeric_limits<double>::infinity(), 5);
    CHECK(nothing.lo == 0);
    CHECK(nothing.hi == 1);
    CHECK(nothing.ticks.size() >= 2);
}
