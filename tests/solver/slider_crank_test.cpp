// A slider-crank turned for three revolutions, checked frame by frame against its closed-form
// position: crank angle pi*t, the crank pin on its circle, the conrod's far eye on the piston line
// at x = pin.x - sqrt(L^2 - (r sin)^2) (the branch `x < Crank.P.x` asks for), the piston level.

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "expression_builder.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kRadius = 30, kRod = 100;
const Vec2 kCentre{200, 150};

double wrap(double angle) {
    return std::remainder(angle, 2 * kPi);
}

std::shared_ptr<const Script> sliderCrank(ScriptBuilder& b) {
    const ThingId crank = b.thing("Crank", {{"P", {0, 0}}, {"Q", {kRadius, 0}}});
    const ThingId rod = b.thing("Conrod", {{"A", {0, 0}}, {"B", {kRod, 0}}});
    const ThingId piston = b.thing("Piston", {{"P", {0, 0}}, {"Q", {1, 0}}});
    b.step(0);
    b.equal(b.anchor(crank, "P"), vec(kCentre.x, kCentre.y));
    b.equal(b.anchor(crank, "Q"),
            b.anchor(crank, "P") + rotate(vec(b.variable("c"), num(0)), num(kPi) * time()));
    b.equal(b.anchor(rod, "A"), b.anchor(crank, "Q"));
    b.equal(b.anchor(rod, "B"), vec(b.variable("x"), num(kCentre.y)));
    b.constrain(b.variable("x"), Relation::Less, xOf(b.anchor(crank, "P")));
    b.equal(b.anchor(piston, "P"), b.anchor(rod, "B"));
    b.equal(b.anchor(piston, "Q"), b.anchor(piston, "P") + vec(b.any(), num(0)));
    b.step(6);
    return b.build();
}

}  // namespace

TEST_CASE("a slider-crank follows its closed-form position for three revolutions",
          "[solver][kinematics]") {
    ScriptBuilder b;
    const auto script = sliderCrank(b);
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 151);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double theta = kPi * frame.t;
        const Pose& crank = frame.poses[0];
        CHECK(wrap(crank.angle - theta) == Approx(0).margin(1e-7));
        const Vec2 pin = crank.apply({kRadius, 0});
        CHECK(pin.x == Approx(kCentre.x + kRadius * std::cos(theta)).margin(1e-6));
        CHECK(pin.y == Approx(kCentre.y + kRadius * std::sin(theta)).margin(1e-6));
        // The conrod's pose: its near eye (the pose's origin) on the pin, turned to meet the piston
        // line where the closed form puts its far eye.
        const Pose& conrod = frame.poses[1];
        const double rise = kRadius * std::sin(theta);
        const double run = std::sqrt(kRod * kRod - rise * rise);
        CHECK(conrod.x == Approx(pin.x).margin(1e-6));
        CHECK(conrod.y == Approx(pin.y).margin(1e-6));
        CHECK(wrap(conrod.angle - std::atan2(-rise, -run)) == Approx(0).margin(1e-7));
        const Vec2 eye = conrod.apply({kRod, 0});
        CHECK(eye.x == Approx(pin.x - run).margin(1e-6));
        CHECK(eye.y == Approx(kCentre.y).margin(1e-6));
        CHECK(frame.variables[1].x == Approx(eye.x).margin(1e-6));  // x
        CHECK(wrap(frame.poses[2].angle) == Approx(0).margin(1e-7));
        CHECK(frame.poses[2].x == Approx(eye.x).margin(1e-6));
    }
}
