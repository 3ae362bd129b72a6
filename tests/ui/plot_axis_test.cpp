// A plot axis's ticks are round numbers that cover the data: checked on ranges whose nice
// numbers are known by hand.

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>

#include "ui/panels/plot_axis.h"

using namespace mv;

TEST_CASE("an axis covers its range with ticks 1, 2 or 5 times a power of ten apart", "[plot]") {
    // ±35 in about 5 ticks: steps of 20, the ends round numbers at the data.
    const PlotAxis position = PlotAxis::fitted(-35, 35, 5);
    CHECK(position.step == 20);
    CHECK(position.lo == -35);
    CHECK(position.hi == 35);
    CHECK(position.ticks == std::vector<double>{-20, 0, 20});
    CHECK(position.label(-20) == "-20");
    // ±5,922 in about 5 ticks: steps of 5,000, ends just outside the data (issue 41: the axis
    // ran to -10,000 for data reaching -5,900).
    const PlotAxis acceleration = PlotAxis::fitted(-5922, 5922, 5);
    CHECK(acceleration.step == 5000);
    CHECK(acceleration.lo == -6000);
    CHECK(acceleration.hi == 6000);
    CHECK(acceleration.ticks == std::vector<double>{-5000, 0, 5000});
    // Ends between the tick step's multiples would leave one tick (a power of ±40 W on steps of
    // 50): the step gets finer until there are three or more.
    const PlotAxis power = PlotAxis::fitted(-38, 39, 4);
    CHECK(power.lo == -40);
    CHECK(power.hi == 40);
    CHECK(power.step == 20);
    CHECK(power.ticks == std::vector<double>{-40, -20, 0, 20, 40});
    // Data that do not sit on a round number: the ends just outside it.
    const PlotAxis piston = PlotAxis::fitted(171.3, 268.9, 5);
    CHECK(piston.lo == 170);
    CHECK(piston.hi == 270);
    // A small range keeps the decimals its step needs.
    const PlotAxis small = PlotAxis::fitted(0.013, 0.087, 5);
    CHECK(small.step == Approx(0.02));
    CHECK(small.label(small.ticks[0]) == "0.02");
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
