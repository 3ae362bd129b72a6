// Things are rigid: turned by any of its anchors a thing rotates, it is never mirrored; and a chain
// long enough to take the sparse solver's path gives the same exact answer as the dense one.

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "expression_builder.h"
#include "solver/api/animation.h"
#include "solver/kinematics/least_squares_solver.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {
constexpr double kPi = std::numbers::pi;
double wrap(double angle) {
    return std::remainder(angle, 2 * kPi);
}
}  // namespace

TEST_CASE("a three-anchor bar turned by one of its anchors is rotated, never mirrored",
          "[solver][kinematics]") {
    ScriptBuilder b;
    const Vec2 p{0, 0}, q{50, 0}, r{20, 30};
    const ThingId bar = b.thing("Bar", {{"P", p}, {"Q", q}, {"R", r}});
    b.step(0);
    b.equal(b.anchor(bar, "P"), vec(100, 100));
    // R is pulled round P: the bar turns by the angle of R's pull minus R's own angle in the body.
    b.equal(b.anchor(bar, "R"),
            b.anchor(bar, "P") + rotate(vec(b.variable("c"), num(0)), num(kPi / 2) * time()));
    b.step(4);
    const Animation animation = solveAnimation(b.build());
    REQUIRE(animation.frames.size() == 101);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double angle = kPi / 2 * frame.t - std::atan2(r.y, r.x);
        const Pose& pose = frame.poses[bar];
        CHECK(wrap(pose.angle - angle) == Approx(0).margin(1e-7));
        const Vec2 wp = pose.apply(p), wq = pose.apply(q), wr = pose.apply(r);
        CHECK(wq.x == Approx(100 + 50 * std::cos(angle)).margin(1e-6));
        CHECK(wq.y == Approx(100 + 50 * std::sin(angle)).margin(1e-6));
        // Orientation kept: R stays on the left of P->Q, as in the body.
        CHECK((wq - wp).x * (wr - wp).y - (wq - wp).y * (wr - wp).x ==
              Approx(q.x * r.y - q.y * r.x));
    }
}

TEST_CASE("a chain of bars large enough for the sparse solver is solved exactly",
          "[solver][kinematics]") {
    constexpr int kBars = 30;
    constexpr double kLength = 10;
    ScriptBuilder b;
    std::vector<ThingId> bars;
    for (int i = 0; i < kBars; ++i)
        bars.push_back(b.thing("Bar" + std::to_string(i), {{"P", {0, 0}}, {"Q", {kLength, 0}}},
                               {100.0 + kLength * i, 100, 0}));
    b.step(0);
    for (int i = 0; i < kBars; ++i) {
        if (i == 0)
            b.equal(b.anchor(bars[0], "P"), vec(100, 100));
        else
            b.equal(b.anchor(bars[i], "P"), b.anchor(bars[i - 1], "Q"));
        b.equal(b.anchor(bars[i], "Q"),
                b.anchor(bars[i], "P") + rotate(vec(b.variable("c" + std::to_string(i)), num(0)),
                                                num(kPi / 4) * time()));
    }
    b.step(2);
    REQUIRE(kBars * 4 > kDenseUnknownLimit);
    const Animation animation = solveAnimation(b.build());
    REQUIRE(animation.frames.size() == 51);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double angle = kPi / 4 * frame.t;
        const Vec2 end = frame.poses[bars.back()].apply({kLength, 0});
        CHECK(end.x == Approx(100 + kBars * kLength * std::cos(angle)).margin(1e-6));
        CHECK(end.y == Approx(100 + kBars * kLength * std::sin(angle)).margin(1e-6));
    }
}
