// vel(Thing.Anchor) and acc(Thing.Anchor) in the mechanics' properties
// (docs/reference.md#mechanics): read at any time the integrator asks, they are the crank pin's
// exact ω r and ω² r (and vel's rate, which a moving guard's bounce needs, is the acceleration); a
// region that reads the paddle's velocity lets a ball through a descending paddle (free fall,
// closed form) and bounces it off a rising one with the relative speed reversed (closed form too).

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <sstream>

#include "core/model/frame_plan.h"
#include "script_text.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/motion/driving_parts.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kOmega = std::numbers::pi;  // 180° a second
constexpr double kRadius = 30;
constexpr double kG = 9.81;

// A ball falling from 3 m onto a paddle 1 m up that moves at `speed` m/s; the paddle only
// exists where `region` holds.
std::string paddle(double speed, const char* region) {
    std::ostringstream s;
    s << ".config(25, 400, 400);\n"
      << "Ball   : .point x = [2, 3];\n"
      << "Fall   : .gravity target = Ball;\n"
      << "Hit    : .reflection target = Ball guard = Ball.x.y - Paddle.A.y * 0.01 direction = -1"
      << " region = " << region << ";\n"
      << "Paddle : .bar A = [0,0] B = [60,0];\n"
      << "@0  Paddle.A = [170, 100 + " << speed * 100 << " * T]; Paddle.B = Paddle.A + [60,0];\n"
      << "@1.2\n";
    return s.str();
}

double ballHeight(const FrameSolution& frame) {
    return frame.elements[0][0].y;
}

}  // namespace

TEST_CASE("vel() and acc() read the crank pin's exact motion at the integrator's times",
          "[mechanics][motion]") {
    std::ostringstream s;
    s << "Ball  : .point x = [0, 5];\n"
      << "Wall  : .reflection target = Ball guard = Ball.x.y - vel(Crank.Q).y * 0.01"
      << " region = acc(Crank.Q).x < 1e9;\n"
      << "Crank : .bar P = [0,0] Q = [" << kRadius << ",0];\n"
      << "@0  Crank.P = [200,150]; Crank.Q = Crank.P + [" << kRadius << ",0].rotate(180° * t);\n"
      << "@4\n";
    const auto script = compileText(s.str());
    const FramePlan plan = planFrames(*script);
    Diagnostics diagnostics;
    DrivingParts parts(*script, plan, diagnostics);
    REQUIRE(diagnostics.empty());
    const Interaction& wall = script->interactions[0];
    const MechanicsClock clock(*script, 0);
    for (double T : {0.0, 0.013, 0.5, 1.37, 2.999}) {
        INFO("T = " << T);
        const double angle = kOmega * T;
        const Value<Taylor> guard = parts.evaluate(*wall.guard, clock.at(T));
        // vel(Crank.Q).y = ω r cos ωT, whose rate is acc(Crank.Q).y = -ω² r sin ωT.
        CHECK(guard.x.v == Approx(5 - 0.01 * kOmega * kRadius * std::cos(angle)).epsilon(1e-12));
        CHECK(guard.x.rate() ==
              Approx(0.01 * kOmega * kOmega * kRadius * std::sin(angle)).margin(1e-10));
        // acc(Crank.Q).x = -ω² r cos ωT, the left side of the region.
        const Value<Taylor> accX = parts.evaluate(*wall.region->args[0], clock.at(T));
        CHECK(accX.x.v == Approx(-kOmega * kOmega * kRadius * std::cos(angle)).margin(1e-9));
    }
}

TEST_CASE("a region that reads the paddle's velocity lets it strike only on its way up",
          "[mechanics][motion]") {
    SECTION("a descending paddle lets the ball through: free fall") {
        const auto script = compileText(paddle(-0.2, "vel(Paddle.A).y > 0"));
        const Animation animation = solveAnimation(script);
        REQUIRE(animation.diagnostics.empty());
        for (const FrameSolution& frame : animation.frames)
            CHECK(ballHeight(frame) == Approx(3 - kG / 2 * frame.time * frame.time).margin(1e-9));
    }
    SECTION("a rising paddle bounces it with the relative speed reversed") {
        const double w = 0.2;  // the paddle's speed, m/s
        const auto script = compileText(paddle(w, "vel(Paddle.A).y > 0"));
        const Animation animation = solveAnimation(script);
        REQUIRE(animation.diagnostics.empty());
        // Contact where 3 - g T²/2 = 1 + w T; the ball leaves at 2w - v (e = 1) relative to ground.
        const double contact = (-w + std::sqrt(w * w + 2 * kG * 2)) / kG;
        const double before = -kG * contact, after = 2 * w - before;
        const double height = 1 + w * contact;
        int checked = 0;
        for (const FrameSolution& frame : animation.frames) {
            const double T = frame.time;
            const double expected = T < contact ? 3 - kG / 2 * T * T
                                                : height + after * (T - contact) -
                                                      kG / 2 * (T - contact) * (T - contact);
            INFO("T = " << T);
            CHECK(ballHeight(frame) == Approx(expected).margin(1e-8));
            checked += T > contact;
        }
        CHECK(checked > 5);
    }
}
