// A Grashof crank-rocker four-bar driven through three revolutions, against the closed-form
// position (the rocker tip is where the coupler circle meets the rocker circle, on the branch the
// start chose), with a rigid coupler point; also at 4 frames per second, where a frame turns the
// crank by 45° and only the predictor and the sub-steps keep the mechanism on its branch.

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "expression_builder.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kCrank = 40, kCoupler = 120, kRocker = 100;
const Vec2 kCrankPivot{200, 100}, kRockerPivot{330, 100};
const Vec2 kCouplerPoint{60, 40};  // in the coupler's body, from its eye on the crank

double cross(Vec2 a, Vec2 b) {
    return a.x * b.y - a.y * b.x;
}

// Where the coupler's far eye is for crank angle theta: the upper intersection of the circles.
Vec2 rockerTip(double theta) {
    const Vec2 a = kCrankPivot + Vec2{std::cos(theta), std::sin(theta)} * kCrank;
    const Vec2 d = kRockerPivot - a;
    const double distance = d.length();
    const double along =
        (kCoupler * kCoupler - kRocker * kRocker + distance * distance) / (2 * distance);
    const double across = std::sqrt(kCoupler * kCoupler - along * along);
    const Vec2 u = d * (1 / distance);
    return a + u * along + Vec2{-u.y, u.x} * across;
}

std::shared_ptr<const Script> fourBar(double fps) {
    ScriptBuilder b(fps);
    const ThingId crank = b.thing("Crank", {{"P", {0, 0}}, {"Q", {kCrank, 0}}});
    // Started near the upper branch; the solver must keep it there.
    const ThingId coupler = b.thing(
        "Coupler", {{"A", {0, 0}}, {"B", {kCoupler, 0}}, {"E", kCouplerPoint}}, {240, 100, 0.95});
    const ThingId rocker =
        b.thing("Rocker", {{"P", {0, 0}}, {"Q", {kRocker, 0}}}, {330, 100, 1.78});
    b.step(0);
    b.equal(b.anchor(crank, "P"), vec(kCrankPivot.x, kCrankPivot.y));
    b.equal(b.anchor(crank, "Q"),
            b.anchor(crank, "P") + rotate(vec(b.variable("c"), num(0)), num(kPi) * time()));
    b.equal(b.anchor(coupler, "A"), b.anchor(crank, "Q"));
    b.equal(b.anchor(rocker, "P"), vec(kRockerPivot.x, kRockerPivot.y));
    b.equal(b.anchor(rocker, "Q"), b.anchor(coupler, "B"));
    b.step(6);
    return b.build();
}

void checkAgainstClosedForm(const Animation& animation) {
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double theta = kPi * frame.t;
        const Vec2 a = frame.poses[0].apply({kCrank, 0});
        const Vec2 tip = rockerTip(theta);
        const Vec2 b = frame.poses[1].apply({kCoupler, 0});
        CHECK(b.x == Approx(tip.x).margin(1e-6));
        CHECK(b.y == Approx(tip.y).margin(1e-6));
        CHECK(frame.poses[2].apply({kRocker, 0}).x == Approx(tip.x).margin(1e-6));
        // The rigid coupler point, from the closed form alone.
        const double phi = std::atan2(tip.y - a.y, tip.x - a.x);
        const Vec2 e = a + Vec2{std::cos(phi) * kCouplerPoint.x - std::sin(phi) * kCouplerPoint.y,
                                std::sin(phi) * kCouplerPoint.x + std::cos(phi) * kCouplerPoint.y};
        const Vec2 solved = frame.poses[1].apply(kCouplerPoint);
        CHECK(solved.x == Approx(e.x).margin(1e-6));
        CHECK(solved.y == Approx(e.y).margin(1e-6));
        CHECK(cross(kRockerPivot - a, b - a) > 0);  // the upper branch, never flipped
    }
}

}  // namespace

TEST_CASE("a Grashof four-bar turns three times on one branch", "[solver][kinematics]") {
    const Animation animation = solveAnimation(fourBar(25));
    REQUIRE(animation.frames.size() == 151);
    checkAgainstClosedForm(animation);
}

TEST_CASE("a four-bar at 45 degrees per frame stays on its branch", "[solver][kinematics]") {
    const Animation animation = solveAnimation(fourBar(4));
    REQUIRE(animation.frames.size() == 25);
    checkAgainstClosedForm(animation);
}
