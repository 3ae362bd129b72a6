// The event locator on functions with known roots: the first of several crossings, the accepted
// direction, a root hit exactly on a sample, the end of a condition, and values that are not
// numbers.

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "solver/mechanics/crossing_locator.h"

using namespace mv;

namespace {

bool rising(double before, double after) {
    return before < 0 && after >= 0;
}
bool falling(double before, double after) {
    return before > 0 && after <= 0;
}

}  // namespace

TEST_CASE("the first accepted crossing is bracketed to the time resolution", "[mechanics]") {
    // sin(10 t) falls through zero at pi/10 and rises at 2 pi/10 within [0.1, 1].
    const auto g = [](double t) { return std::sin(10 * t); };
    const CrossingScan down = findFirstCrossing(g, 0.1, 1, falling);
    REQUIRE(down.crossing);
    CHECK(down.crossing->before <= M_PI / 10);
    CHECK(down.crossing->after >= M_PI / 10);
    CHECK(down.crossing->after - down.crossing->before <= 2 * kTimeResolution);
    CHECK(g(down.crossing->before) > 0);

    const CrossingScan up = findFirstCrossing(g, 0.1, 1, rising);
    REQUIRE(up.crossing);
    CHECK(up.crossing->before == Approx(2 * M_PI / 10).margin(1e-10));
    CHECK(g(up.crossing->before) < 0);
}

TEST_CASE("a root on a sample leaves the point strictly on its old side", "[mechanics]") {
    // 1/2 - t is exactly zero at the sample t = 0.5 of [0, 1].
    const auto g = [](double t) { return 0.5 - t; };
    const CrossingScan scan = findFirstCrossing(g, 0, 1, falling);
    REQUIRE(scan.crossing);
    CHECK(scan.crossing->after == 0.5);
    CHECK(scan.crossing->before < 0.5);
    CHECK(scan.crossing->before > 0.5 - 1e-9);
    CHECK(g(scan.crossing->before) > 0);
}

TEST_CASE("a function that starts at zero has not crossed", "[mechanics]") {
    const auto g = [](double t) { return -t; };
    CHECK_FALSE(findFirstCrossing(g, 0, 1, falling).crossing);
}

TEST_CASE("a function that is not a number is reported, not crossed", "[mechanics]") {
    const auto g = [](double t) {
        return t < 0.5 ? 1.0 : std::numeric_limits<double>::quiet_NaN();
    };
    const CrossingScan scan = findFirstCrossing(g, 0, 1, falling);
    CHECK(scan.nonFinite);
    CHECK_FALSE(scan.crossing);
}

TEST_CASE("the end of a condition is found just after its last moment", "[mechanics]") {
    const auto holds = [](double t) { return t < 0.3; };
    const auto end = findEnd(holds, 0, 1);
    REQUIRE(end);
    CHECK(end->before < 0.3);
    CHECK(end->after >= 0.3);
    CHECK(end->after - 0.3 <= kTimeResolution);
    CHECK_FALSE(findEnd([](double) { return true; }, 0, 1));
}
