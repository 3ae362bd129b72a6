// Element rates at events (docs/reference.md#steps-and-markers): the frame at a reset and every
// frame after a bounce carry the new rates, and a thing placed from an element state moves exactly
// as the state does, on both sides of the event: its anchors' velocity and acceleration are 100
// times the state's (the scale the script places it with), checked against the exact motion of a
// ball kicked at a marker and of a ball dropped onto a floor.

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "solver/api/animation.h"
#include "tests/solver/script_text.h"

using namespace mv;
using kinematics_test::compileText;

namespace {

constexpr double kG = 9.81;

// Dot.A is 100 times Ball.x: its velocity and acceleration are 100 times the ball's.
const std::string kDot =
    "Dot : .bar A = [0,0] B = [1,0];\n"
    "@0 Dot.A = Ball.x * 100; Dot.B = Dot.A + [1, 0];\n";

Vec2 dotVelocity(const FrameSolution& frame) {
    return anchorVelocity(frame.poses[0], frame.poseVelocities[0], {0, 0});
}

Vec2 dotAcceleration(const FrameSolution& frame) {
    return anchorAcceleration(frame.poses[0], frame.poseVelocities[0], frame.poseAccelerations[0],
                              {0, 0});
}

}  // namespace

TEST_CASE("the frame at a reset carries the new rate, and the things placed from it move so",
          "[mechanics][events]") {
    const auto script = compileText(
        ".config(4, 400, 400);\n"
        "Ball : .point x = [0, 0] x_d1 = [1, 0];\n" +
        kDot + "@1 Ball.x_d1 := [3, 0];\n@2\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.diagnostics.empty());
    for (const FrameSolution& frame : animation.frames) {
        const double T = frame.time;
        const double rate = T < 1 ? 1 : 3;  // the reset at T = 1 is in the frame at T = 1
        INFO("T = " << T);
        CHECK(frame.elements[0][0].x == Approx(T < 1 ? T : 1 + 3 * (T - 1)).margin(1e-12));
        CHECK(frame.elements[0][1].x == rate);
        CHECK(frame.elementVelocities[0][0].x == rate);
        CHECK(dotVelocity(frame).x == Approx(100 * rate).margin(1e-9));
        CHECK(dotAcceleration(frame).x == Approx(0).margin(1e-9));
    }
}

TEST_CASE("every frame after a bounce carries the rebound, exactly", "[mechanics][events]") {
    // Dropped from 2 m: it meets the floor at √(4/g), rebounds at half the speed.
    const auto script = compileText(
        ".config(20, 400, 400);\n"
        "Ball : .point x = [0, 2];\n"
        "Fall : .gravity target = Ball g = [0, -9.81];\n"
        "Floor : .reflection target = Ball guard = Ball.x.y direction = -1 restitution = 0.5;\n" +
        kDot + "@1.2\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.diagnostics.empty());
    const double impact = std::sqrt(4 / kG), rebound = 0.5 * kG * impact;
    int after = 0;
    for (const FrameSolution& frame : animation.frames) {
        const double T = frame.time, tau = T - impact;
        const double height = T < impact ? 2 - kG / 2 * T * T : rebound * tau - kG / 2 * tau * tau;
        const double speed = T < impact ? -kG * T : rebound - kG * tau;
        INFO("T = " << T);
        CHECK(frame.elements[0][0].y == Approx(height).margin(1e-9));
        CHECK(frame.elements[0][1].y == Approx(speed).margin(1e-9));
        CHECK(frame.elementVelocities[0][0].y == Approx(speed).margin(1e-9));
        CHECK(frame.elementVelocities[0][1].y == Approx(-kG).margin(1e-9));  // d/dT x_d1
        CHECK(frame.elementAccelerations[0][0].y == Approx(-kG).margin(1e-9));
        CHECK(dotVelocity(frame).y == Approx(100 * speed).margin(1e-7));
        CHECK(dotAcceleration(frame).y == Approx(-100 * kG).margin(1e-7));
        after += T > impact;
    }
    CHECK(after >= 10);
}
