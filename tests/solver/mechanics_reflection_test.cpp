// Reflections against closed-form answers: the seed's wall (docs/reference.md#walls), its
// direction, restitution and region, and a pendulum bouncing off a wall at theta = -0.3, whose
// return time follows from the incomplete elliptic integral of the first kind.

#include <boost/math/special_functions/ellint_1.hpp>
#include <catch2/catch.hpp>
#include <cmath>

#include "solver/mechanics/simulate_mechanics.h"
#include "tests/solver/mechanics_fixture.h"

using namespace mv;
using namespace mv::test;

namespace {

// The seed's example: a ball from [0,0] at [1,1] and a wall guard = Ball.x.x - 1, 2 fps, 0..2 s.
Script seedWall(int direction, double restitution, ExpressionPtr region = nullptr) {
    Script script;
    script.config.fps = 2;
    const ElementId ball = addPoint(script, "Ball", {0, 0}, {1, 1});
    addReflection(script, ball, minus(xOf(stateOf(script, ball, "x")), number(1)), direction,
                  restitution, std::move(region));
    setMarkers(script, {0, 2});
    return script;
}

Vec2 position(const MechanicsResult& result, int frame) {
    return result.frames[frame][0][0];
}
Vec2 velocity(const MechanicsResult& result, int frame) {
    return result.frames[frame][0][1];
}

}  // namespace

TEST_CASE("the seed's ball bounces off the wall at x = 1 and is at [0,2] at 2 s", "[mechanics]") {
    const Script script = seedWall(1, 1);
    const MechanicsResult result = simulateMechanics(script, planUniform(script, 2));
    REQUIRE(result.diagnostics.empty());
    REQUIRE(result.frames.size() == 5);
    CHECK(position(result, 1).x == Approx(0.5).margin(1e-9));
    CHECK(position(result, 3).x == Approx(0.5).margin(1e-9));
    CHECK(position(result, 3).y == Approx(1.5).margin(1e-9));
    CHECK(position(result, 4).x == Approx(0).margin(1e-9));
    CHECK(position(result, 4).y == Approx(2).margin(1e-9));
    CHECK(velocity(result, 4).x == Approx(-1).margin(1e-12));
    CHECK(velocity(result, 4).y == Approx(1).margin(1e-12));
    CHECK(result.events == 1);
}

TEST_CASE("a wall that reflects only rising guards lets a falling one pass", "[mechanics]") {
    const Script script = seedWall(-1, 1);
    const MechanicsResult result = simulateMechanics(script, planUniform(script, 2));
    REQUIRE(result.diagnostics.empty());
    CHECK(position(result, 4).x == Approx(2).margin(1e-9));
    CHECK(position(result, 4).y == Approx(2).margin(1e-9));
    CHECK(result.events == 0);
}

TEST_CASE("restitution scales the normal speed and keeps the tangential one", "[mechanics]") {
    // Bounce at t = 1 from x = 1, then 0.5 units/s back for 1 s.
    const Script script = seedWall(1, 0.5);
    const MechanicsResult result = simulateMechanics(script, planUniform(script, 2));
    REQUIRE(result.diagnostics.empty());
    CHECK(position(result, 3).x == Approx(0.75).margin(1e-9));
    CHECK(position(result, 4).x == Approx(0.5).margin(1e-9));
    CHECK(position(result, 4).y == Approx(2).margin(1e-9));
    CHECK(velocity(result, 4).x == Approx(-0.5).margin(1e-12));
    CHECK(velocity(result, 4).y == Approx(1).margin(1e-12));
}

TEST_CASE("outside its region the wall lets the point through", "[mechanics]") {
    const auto regionBelow = [](double y) {
        Script probe;
        addPoint(probe, "Ball", {}, {});
        return less(yOf(stateOf(probe, ElementId{0}, "x")), number(y));
    };
    SECTION("the crossing at y = 1 is above the region y < 0.5") {
        const Script script = seedWall(1, 1, regionBelow(0.5));
        const MechanicsResult result = simulateMechanics(script, planUniform(script, 2));
        REQUIRE(result.diagnostics.empty());
        CHECK(position(result, 4).x == Approx(2).margin(1e-9));
    }
    SECTION("the crossing at y = 1 is inside the region y < 1.5") {
        const Script script = seedWall(1, 1, regionBelow(1.5));
        const MechanicsResult result = simulateMechanics(script, planUniform(script, 2));
        REQUIRE(result.diagnostics.empty());
        CHECK(position(result, 4).x == Approx(0).margin(1e-9));
    }
}

TEST_CASE("a wall at an angle reflects along its gradient", "[mechanics]") {
    // Guard x + y - 2 (normal [1,1]); a ball at [1,0] moving [0,1] hits it at [1,1] at t = 1
    // and leaves along [-1,0]: at t = 2 it is at [0,1].
    Script script;
    const ElementId ball = addPoint(script, "Ball", {1, 0}, {0, 1});
    const ExpressionPtr x = stateOf(script, ball, "x");
    addReflection(script, ball, minus(plus(xOf(x), yOf(x)), number(2)), 0, 1);
    setMarkers(script, {0, 2});
    const MechanicsResult result = simulateMechanics(script, planAt(script, {0, 2}));
    REQUIRE(result.diagnostics.empty());
    CHECK(position(result, 1).x == Approx(0).margin(1e-9));
    CHECK(position(result, 1).y == Approx(1).margin(1e-9));
    CHECK(velocity(result, 1).x == Approx(-1).margin(1e-12));
    CHECK(velocity(result, 1).y == Approx(0).margin(1e-12));
}

TEST_CASE("a pendulum bounces off a wall at theta = -0.3", "[mechanics]") {
    // Released at rest from theta0, it reaches -0.3 after sqrt(l/g) (K(k) + F(phi, k)) with
    // k = sin(theta0/2), sin(0.3/2) = k sin(phi); an elastic bounce sends it back along the same
    // path, so it is at theta0 again, at rest, after twice that time.
    const double theta0 = 1.0, g = 9.81, l = 0.8;
    const double k = std::sin(theta0 / 2);
    const double hit = std::sqrt(l / g) * (boost::math::ellint_1(k) +
                                           boost::math::ellint_1(k, std::asin(std::sin(0.15) / k)));
    Script script;
    const ElementId bob = addPendulum(script, "Bob", theta0, 0, g, l);
    addSwing(script, bob);
    addReflection(script, bob, plus(stateOf(script, bob, "theta"), number(0.3)), -1, 1);
    setMarkers(script, {0, 20 * hit + 1});
    const MechanicsResult result =
        simulateMechanics(script, planAt(script, {hit - 1e-3, hit, hit + 1e-3, 2 * hit, 20 * hit}));
    REQUIRE(result.diagnostics.empty());
    const auto theta = [&](int frame) { return result.frames[frame][0][0].x; };
    const auto rate = [&](int frame) { return result.frames[frame][0][1].x; };
    CHECK(theta(0) > -0.3);
    CHECK(theta(1) == Approx(-0.3).margin(1e-8));
    CHECK(theta(2) > -0.3);
    CHECK(rate(0) < 0);
    CHECK(rate(2) == Approx(-rate(0)).epsilon(1e-6));
    CHECK(theta(3) == Approx(theta0).epsilon(1e-9));
    CHECK(rate(3) == Approx(0).margin(1e-7));
    CHECK(theta(4) == Approx(theta0).epsilon(1e-8));
    CHECK(result.events == 10);
}

TEST_CASE("a pendulum falling onto a stop comes to rest against it", "[mechanics]") {
    // A stop at theta = 0.3 on the side of the equilibrium: gravity presses the bob against it,
    // each bounce is e times slower than the last, and after finitely many it rests there.
    Script script;
    const ElementId bob = addPendulum(script, "Bob", 1.2, 0, 9.81, 1);
    addSwing(script, bob);
    addReflection(script, bob, minus(stateOf(script, bob, "theta"), number(0.3)), -1, 0.6);
    setMarkers(script, {0, 10});
    const MechanicsResult result = simulateMechanics(script, planAt(script, {5, 10}));
    REQUIRE(result.diagnostics.empty());
    for (const ElementStates& frame : result.frames) {
        CHECK(frame[0][0].x == Approx(0.3).margin(1e-9));
        CHECK(frame[0][1].x == Approx(0).margin(1e-9));
    }
    CHECK(result.events < 60);
}

TEST_CASE("a curved wall reflects along the normal its gradient gives", "[mechanics]") {
    // Inside the circle |x| = 1 a ball from [0.5,0] moving [0,1] meets it at p = [0.5, sqrt(.75)]
    // at t = sqrt(.75); the normal there is p, so the velocity becomes [0,1] - 2 p_y p.
    Script script;
    const ElementId ball = addPoint(script, "Ball", {0.5, 0}, {0, 1});
    const ExpressionPtr radius =
        node(ExprOp::Length, ValueType::Scalar, {stateOf(script, ball, "x")});
    addReflection(script, ball, minus(radius, number(1)), 1, 1);
    setMarkers(script, {0, 1.5});
    const MechanicsResult result = simulateMechanics(script, planAt(script, {1.5}));
    REQUIRE(result.diagnostics.empty());
    const double hit = std::sqrt(0.75);
    const Vec2 p{0.5, hit};
    const Vec2 v = Vec2{0, 1} - 2 * p.y * p;
    const Vec2 expected = p + (1.5 - hit) * v;
    CHECK(result.frames[0][0][0].x == Approx(expected.x).margin(1e-9));
    CHECK(result.frames[0][0][0].y == Approx(expected.y).margin(1e-9));
    CHECK(result.frames[0][0][1].x == Approx(v.x).margin(1e-9));
    CHECK(result.frames[0][0][1].y == Approx(v.y).margin(1e-9));
}
