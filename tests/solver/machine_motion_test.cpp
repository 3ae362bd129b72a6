// Exact velocities and accelerations (docs/reference.md#order-of-solving-and-integrating), against
// the derivatives of closed forms: a crank pin moves at ω r across the crank and accelerates at ω²
// r towards the hub; a slider-crank's slider follows the first and second derivatives of x = pin.x
// - sqrt(L² - (r sin θ)²); a thing placed from a pendulum's angle moves with the mechanics' rates;
// a crank exactly as long as its rod has no defined velocity where it passes its dead centre; a
// block that reads only its own unknowns keeps its rates only while it stays where it was.

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <sstream>

#include "core/model/frame_plan.h"
#include "script_text.h"
#include "solver/api/animation.h"
#include "solver/kinematics/segment_model.h"
#include "solver/motion/machine_motion.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kOmega = kPi;  // 180° a second
constexpr double kRadius = 30, kRod = 100;
const Vec2 kHub{200, 150};

std::string sliderCrank(double radius, double rod, double degreesPerSecond,
                        const char* side = "<") {
    std::ostringstream s;
    s << ".config(25, 400, 300);\n"
      << "Crank  : .bar P = [0,0] Q = [" << radius << ",0];\n"
      << "Conrod : .bar A = [0,0] B = [" << rod << ",0];\n"
      << "Piston : .bar P = [0,0] Q = [1,0];\n"
      << "@0  Crank.P = [200,150]; Crank.Q = Crank.P + [" << radius << ",0].rotate("
      << degreesPerSecond << "° * t);\n"
      << "    Conrod.A = Crank.Q; Conrod.B = [x, 150]; x " << side << " Crank.P.x;\n"
      << "    Piston.P = Conrod.B; Piston.Q = Piston.P + [_, 0];\n"
      << "@4\n";
    return s.str();
}

struct Motion {
    Vec2 velocity, acceleration;
};

Motion motionOf(const Script& script, const FrameSolution& frame, const char* thing,
                const char* anchor) {
    const int t = script.thingIndex(thing);
    const Thing& th = script.things[size_t(t)];
    const Vec2 local = th.anchors[size_t(th.anchorIndex(anchor))].local;
    REQUIRE(frame.poseVelocities.size() == script.things.size());
    const Pose &pose = frame.poses[size_t(t)], &v = frame.poseVelocities[size_t(t)];
    return {anchorVelocity(pose, v, local),
            anchorAcceleration(pose, v, frame.poseAccelerations[size_t(t)], local)};
}

}  // namespace

TEST_CASE("a crank pin moves at ω r and accelerates at ω² r towards the hub", "[solver][motion]") {
    const auto script = compileText(sliderCrank(kRadius, kRod, 180));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 101);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const Vec2 pin = anchorAt(*script, frame, "Crank", "Q");
        const Motion m = motionOf(*script, frame, "Crank", "Q");
        CHECK(m.velocity.length() == Approx(kOmega * kRadius).epsilon(1e-9));
        // Across the crank, counter-clockwise.
        CHECK(m.velocity.x == Approx(-kOmega * (pin.y - kHub.y)).margin(1e-7));
        CHECK(m.velocity.y == Approx(kOmega * (pin.x - kHub.x)).margin(1e-7));
        CHECK(m.acceleration.x == Approx(-kOmega * kOmega * (pin.x - kHub.x)).margin(1e-6));
        CHECK(m.acceleration.y == Approx(-kOmega * kOmega * (pin.y - kHub.y)).margin(1e-6));
        CHECK(frame.poseVelocities[0].angle == Approx(kOmega));
        CHECK(frame.poseAccelerations[0].angle == Approx(0).margin(1e-9));
    }
}

// Every bar turned by time about the end of the one before: all lie along ωt, so the tip of the
// n-th moves at n L ω across the chain and accelerates at n L ω² towards its root. Each bar's rows
// are differentiated as one run, through one kernel (solver/motion/block_rates.h).
TEST_CASE("the tip of a chain of turning bars moves at n L ω", "[solver][motion]") {
    constexpr int kBars = 5;
    constexpr double kLength = 10, kTurn = kPi / 4;  // 45° a second
    std::ostringstream s;
    s << ".config(25, 400, 300);\n";
    for (int i = 0; i < kBars; ++i) s << "B" << i << " : .bar P = [0,0] Q = [10,0];\n";
    s << "@0 B0.P = [100,100];\n";
    for (int i = 0; i < kBars; ++i) {
        if (i > 0) s << "B" << i << ".P = B" << i - 1 << ".Q; ";
        s << "B" << i << ".Q = B" << i << ".P + [c" << i << ",0].rotate(45° * t);\n";
    }
    s << "@2\n";
    const auto script = compileText(s.str());
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 51);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double angle = kTurn * frame.time, reach = kBars * kLength;
        const Motion tip = motionOf(*script, frame, "B4", "Q");
        CHECK(tip.velocity.x == Approx(-reach * kTurn * std::sin(angle)).margin(1e-9));
        CHECK(tip.velocity.y == Approx(reach * kTurn * std::cos(angle)).margin(1e-9));
        CHECK(tip.acceleration.x == Approx(-reach * kTurn * kTurn * std::cos(angle)).margin(1e-9));
        CHECK(tip.acceleration.y == Approx(-reach * kTurn * kTurn * std::sin(angle)).margin(1e-9));
    }
}

TEST_CASE("a slider follows the derivatives of its closed form", "[solver][motion]") {
    const auto script = compileText(sliderCrank(kRadius, kRod, 180));
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    const int x = script->variableIndex("x");
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double theta = kOmega * frame.t;
        const double u = kRadius * std::sin(theta);
        const double du = kRadius * kOmega * std::cos(theta);
        const double ddu = -kRadius * kOmega * kOmega * std::sin(theta);
        const double s = std::sqrt(kRod * kRod - u * u);
        const double velocity = -kRadius * kOmega * std::sin(theta) + u * du / s;
        const double acceleration = -kRadius * kOmega * kOmega * std::cos(theta) +
                                    (du * du + u * ddu) / s + u * u * du * du / (s * s * s);
        const Motion piston = motionOf(*script, frame, "Piston", "P");
        CHECK(piston.velocity.x == Approx(velocity).margin(1e-7));
        CHECK(piston.velocity.y == Approx(0).margin(1e-9));
        CHECK(piston.acceleration.x == Approx(acceleration).margin(1e-6));
        CHECK(piston.acceleration.y == Approx(0).margin(1e-9));
        // The variable the slider is placed by moves with it.
        CHECK(frame.variableVelocities[size_t(x)].x == Approx(velocity).margin(1e-7));
        CHECK(frame.variableAccelerations[size_t(x)].x == Approx(acceleration).margin(1e-6));
    }
}

TEST_CASE("a rod placed from a pendulum's angle moves with the pendulum", "[solver][motion]") {
    const auto script = compileText(
        ".config(25, 400, 300);\n"
        "Bob : .pendulum theta = 1 theta_d1 = 0 g = 9.81 l = 1;\n"
        "Swing : .swing target = Bob;\n"
        "Rod : .bar A = [0,0] B = [0,-100];\n"
        "@0  Rod.A = [200, 250]; Rod.B = Rod.A + [0,-100].rotate(Bob.theta);\n"
        "@2\n");
    const Animation animation = solveAnimation(script);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double theta = frame.elements[0][0].x, rate = frame.elements[0][1].x;
        const double acceleration = -9.81 * std::sin(theta);  // θ'' = -(g/l) sin θ
        CHECK(frame.elementVelocities[0][0].x == Approx(rate));
        CHECK(frame.elementAccelerations[0][0].x == Approx(acceleration));
        // The tip, 100 units out, at ω² r towards the hinge and θ'' r across the rod.
        const Motion tip = motionOf(*script, frame, "Rod", "B");
        const Vec2 along{std::sin(theta), -std::cos(theta)};  // from the hinge to the tip
        const Vec2 across{std::cos(theta), std::sin(theta)};
        CHECK(tip.velocity.x == Approx(100 * rate * across.x).margin(1e-7));
        CHECK(tip.velocity.y == Approx(100 * rate * across.y).margin(1e-7));
        const Vec2 expected = across * (100 * acceleration) - along * (100 * rate * rate);
        CHECK(tip.acceleration.x == Approx(expected.x).margin(1e-6));
        CHECK(tip.acceleration.y == Approx(expected.y).margin(1e-6));
    }
}

TEST_CASE("at a dead centre the velocity is undefined", "[solver][motion]") {
    // A crank as long as its rod, turning at 90°/s, the slider on the far side: at t = 1 s
    // (frame 25) the rod stands upright over the hub and the slider's motion has a kink
    // (x = 200 + 200 cos θ before, 200 after).
    const auto script = compileText(sliderCrank(kRod, kRod, 90, ">"));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() > 25);
    const Motion atCentre = motionOf(*script, animation.frames[25], "Piston", "P");
    CHECK(std::isnan(atCentre.velocity.x));
    CHECK(std::isnan(atCentre.acceleration.x));
    // The crank itself is driven: its pin's motion is defined there.
    CHECK(motionOf(*script, animation.frames[25], "Crank", "Q").velocity.length() ==
          Approx(kPi / 2 * kRod));
    // Away from it the slider moves as its closed form says: x' = -200 ω sin θ.
    const Motion before = motionOf(*script, animation.frames[12], "Piston", "P");
    const double theta = kPi / 2 * animation.frames[12].t;
    CHECK(before.velocity.x == Approx(-200 * kPi / 2 * std::sin(theta)).margin(1e-6));
}

TEST_CASE("a block that reads only its own unknowns has its rates again where it moved",
          "[solver][motion]") {
    // `k * k = 4` reads k alone: at 2 its rate is 0; set to 0, where the row is flat, it has none,
    // by the motion that differentiated it at 2 as by a new one.
    const auto script = compileText(".config(25, 400, 300);\n@0 k * k = 4;\n@1\n");
    const FramePlan plan = planFrames(*script);
    FrameSolution state = solveAnimation(script).frames[0];
    const std::vector<Taylor> inputs =
        movingInputs(*script, plan.frames[0], nullptr, nullptr, nullptr);
    SegmentModel model(*script, plan.segments[0]);
    MachineMotion motion(*script, model);
    motion.differentiate(inputs, state);
    CHECK(state.variableVelocities[0].x == 0);
    state.variables[0].x = 0;
    motion.differentiate(inputs, state);
    CHECK(std::isnan(state.variableVelocities[0].x));
    SegmentModel fresh(*script, plan.segments[0]);
    FrameSolution again = state;
    MachineMotion(*script, fresh).differentiate(inputs, again);
    CHECK(std::isnan(again.variableVelocities[0].x));
}
