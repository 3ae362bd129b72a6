// A ball dropped under gravity onto a floor (guard = Ball.x.y, direction -1) with restitution e,
// against the analytic series: it lands after t1 = sqrt(2h/g) at v1 = g t1, its k-th flight lasts
// 2 e^k v1 / g and peaks at e^(2k) h, and after the Zeno time t1 + 2 e v1 / (g (1 - e)) it rests
// on the floor instead of bouncing without end.

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "solver/mechanics/simulate_mechanics.h"
#include "tests/solver/mechanics_fixture.h"

using namespace mv;
using namespace mv::test;

namespace {

constexpr double kHeight = 10, kG = 9.81, kE = 0.5, kSlide = 0.25;

Script droppedBall(double restitution, double end) {
    Script script;
    const ElementId ball = addPoint(script, "Ball", {0, kHeight}, {kSlide, 0});
    addGravity(script, ball, {0, -kG});
    addReflection(script, ball, yOf(stateOf(script, ball, "x")), -1, restitution);
    setMarkers(script, {0, end});
    return script;
}

}  // namespace

TEST_CASE("a dropped ball bounces as the series says, then rests", "[mechanics]") {
    const double t1 = std::sqrt(2 * kHeight / kG), v1 = kG * t1;
    const double zeno = t1 + 2 * kE * v1 / (kG * (1 - kE));
    const int bounces = 10;
    std::vector<double> landings{t1};
    for (int k = 1; k < bounces; ++k)
        landings.push_back(landings.back() + 2 * std::pow(kE, k) * v1 / kG);

    // For each bounce k: just after it, and at the top of the flight that follows.
    std::vector<double> times;
    const double delta = 1e-4;
    for (int k = 0; k + 1 < bounces; ++k) {
        const double speed = std::pow(kE, k + 1) * v1;
        times.push_back(landings[k] + delta);
        times.push_back(landings[k] + speed / kG);
    }
    for (const double after : {0.01, 1.0, 5.0}) times.push_back(zeno + after);
    const Script script = droppedBall(kE, zeno + 5);
    const MechanicsResult result = simulateMechanics(script, planAt(script, times));
    REQUIRE(result.diagnostics.empty());
    REQUIRE(result.frames.size() == times.size());

    for (int k = 0; k + 1 < bounces; ++k) {
        INFO("bounce " << k + 1);
        const double speed = std::pow(kE, k + 1) * v1;
        const ElementStates& after = result.frames[2 * k];
        const ElementStates& top = result.frames[2 * k + 1];
        CHECK(after[0][0].y == Approx(speed * delta - kG * delta * delta / 2).margin(1e-9));
        CHECK(after[0][1].y == Approx(speed - kG * delta).margin(1e-9));
        CHECK(top[0][0].y == Approx(std::pow(kE, 2 * (k + 1)) * kHeight).margin(1e-9));
        CHECK(top[0][1].y == Approx(0).margin(1e-9));
    }
    for (size_t i = 0; i < times.size(); ++i) {
        INFO("frame at " << times[i]);
        CHECK(result.frames[i][0][0].x == Approx(kSlide * times[i]).margin(1e-9));
        CHECK(result.frames[i][0][1].x == Approx(kSlide).margin(1e-12));
    }
    for (size_t i = times.size() - 3; i < times.size(); ++i) {
        INFO("at rest, frame at " << times[i]);
        CHECK(result.frames[i][0][0].y == Approx(0).margin(1e-9));
        CHECK(result.frames[i][0][1].y == Approx(0).margin(1e-9));
    }
    // Bounces until the speed e^k v1 drops below 1e-6: about log(1e-6 / v1) / log(e).
    const int expected = static_cast<int>(std::ceil(std::log(1e-6 / v1) / std::log(kE)));
    CHECK(std::abs(result.events - expected) <= 1);
}

TEST_CASE("a ball with no restitution stops on the floor at once", "[mechanics]") {
    const double t1 = std::sqrt(2 * kHeight / kG);
    const Script script = droppedBall(0, 3);
    const MechanicsResult result = simulateMechanics(script, planAt(script, {t1 / 2, t1 + 0.5, 3}));
    REQUIRE(result.diagnostics.empty());
    CHECK(result.frames[0][0][0].y == Approx(kHeight * 0.75).margin(1e-9));
    CHECK(result.frames[1][0][0].y == Approx(0).margin(1e-9));
    CHECK(result.frames[2][0][0].y == Approx(0).margin(1e-9));
    CHECK(result.frames[2][0][0].x == Approx(3 * kSlide).margin(1e-9));
    CHECK(result.events == 1);
}

TEST_CASE("a resting ball slides off the end of its floor and falls", "[mechanics]") {
    // Floor y = 0 for x < 1; the ball lands at rest (e = 0) and slides at 0.25 units/s, leaves
    // the floor at x = 1 (t = 4) and falls freely from there: y = -g (t - 4)^2 / 2.
    Script script;
    const ElementId ball = addPoint(script, "Ball", {0, 1}, {kSlide, 0});
    addGravity(script, ball, {0, -kG});
    const ExpressionPtr x = stateOf(script, ball, "x");
    addReflection(script, ball, yOf(x), -1, 0, less(xOf(x), number(1)));
    setMarkers(script, {0, 5});
    const MechanicsResult result = simulateMechanics(script, planAt(script, {3.9, 4.5, 5}));
    REQUIRE(result.diagnostics.empty());
    CHECK(result.frames[0][0][0].y == Approx(0).margin(1e-9));
    CHECK(result.frames[1][0][0].y == Approx(-kG * 0.25 / 2).margin(1e-8));
    CHECK(result.frames[2][0][0].y == Approx(-kG / 2).margin(1e-8));
    CHECK(result.frames[2][0][0].x == Approx(5 * kSlide).margin(1e-9));
}

TEST_CASE("a ball placed on a floor stays on it", "[mechanics]") {
    Script script;
    const ElementId ball = addPoint(script, "Ball", {0, 0}, {kSlide, 0});
    addGravity(script, ball, {0, -kG});
    addReflection(script, ball, yOf(stateOf(script, ball, "x")), -1, 1);
    setMarkers(script, {0, 2});
    const MechanicsResult result = simulateMechanics(script, planAt(script, {0, 1, 2}));
    REQUIRE(result.diagnostics.empty());
    for (int frame = 0; frame < 3; ++frame) {
        CHECK(result.frames[frame][0][0].x == Approx(kSlide * frame).margin(1e-12));
        CHECK(result.frames[frame][0][0].y == Approx(0).margin(1e-12));
    }
}

TEST_CASE("a ball resting on a slope slides down it at g sin(alpha)", "[mechanics]") {
    // The plane x sin(a) + y cos(a) = 0 falls to the right; along it the ball moves
    // s = g sin(a) t^2 / 2 in the direction (cos a, -sin a).
    const double alpha = 0.4;
    Script script;
    const ElementId ball = addPoint(script, "Ball", {0, 0}, {0, 0});
    addGravity(script, ball, {0, -kG});
    const ExpressionPtr x = stateOf(script, ball, "x");
    const ExpressionPtr guard =
        plus(node(ExprOp::Multiply, ValueType::Scalar, {xOf(x), number(std::sin(alpha))}),
             node(ExprOp::Multiply, ValueType::Scalar, {yOf(x), number(std::cos(alpha))}));
    addReflection(script, ball, guard, -1, 0.3);
    setMarkers(script, {0, 2});
    const MechanicsResult result = simulateMechanics(script, planAt(script, {0.5, 2}));
    REQUIRE(result.diagnostics.empty());
    for (const auto& [frame, t] : {std::pair{0, 0.5}, std::pair{1, 2.0}}) {
        const double s = kG * std::sin(alpha) * t * t / 2;
        CHECK(result.frames[frame][0][0].x == Approx(s * std::cos(alpha)).margin(1e-9));
        CHECK(result.frames[frame][0][0].y == Approx(-s * std::sin(alpha)).margin(1e-9));
    }
}

TEST_CASE("a ball bouncing on a floor far from the origin comes to rest", "[mechanics]") {
    // At y = 1000 positions are resolved to about 1e-13, while a bounce at 1e-6 units/s under
    // g = 1000 rises 5e-16: below the resolution the ball rests rather than bouncing on noise.
    Script script;
    const ElementId ball = addPoint(script, "Ball", {0, 1010}, {0, 0});
    addGravity(script, ball, {0, -1000});
    addReflection(script, ball, minus(yOf(stateOf(script, ball, "x")), number(1000)), -1, 0.7);
    setMarkers(script, {0, 5});
    const MechanicsResult result = simulateMechanics(script, planAt(script, {4, 5}));
    REQUIRE(result.diagnostics.empty());
    // Zeno time: t1 (1 + 2 e / (1 - e)) with t1 = sqrt(2 * 10 / 1000) = 0.14 s.
    CHECK(result.frames[0][0][0].y == Approx(1000).margin(1e-9));
    CHECK(result.frames[1][0][0].y == Approx(1000).margin(1e-9));
    CHECK(result.frames[1][0][1].y == Approx(0).margin(1e-9));
    CHECK(result.events < 100);
}
