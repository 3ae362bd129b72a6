// Exact velocities of a block too wide to factor densely (more than kDenseUnknownLimit unknowns
// solved together): a triangulated truss of 29 bars (84 unknowns), rigid, whose every joint needs
// every other because only its two ends hold it. Translated, every anchor moves at the drive's
// speed and does not accelerate; turned about one end at ω, every anchor moves at ω × r and
// accelerates at ω² r towards the hub. Held by one joint only, it is free to turn about it: its
// velocity is a rigid motion, the one of least weighted length (angles as arcs).

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <sstream>
#include <string>

#include "script_text.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr int kColumns = 8;  // joints along the bottom, and as many along the top

// Bottom joints at [10 i, 0] (each Ver_i.A), top joints at [10 i, 10] (each Ver_i.B), joined by
// bottom, top, vertical and diagonal bars; `hold` fixes the first bottom joint and the last one's
// place along the truss.
std::string truss(const std::string& hold) {
    std::ostringstream s;
    s << ".config(25, 400, 300);\n";
    for (int i = 0; i + 1 < kColumns; ++i) {
        s << "Bot" << i << " : .bar A = [0,0] B = [10,0];\n"
          << "Top" << i << " : .bar A = [0,0] B = [10,0];\n"
          << "Dia" << i << " : .bar A = [0,0] B = [10,10];\n";
    }
    for (int i = 0; i < kColumns; ++i) s << "Ver" << i << " : .bar A = [0,0] B = [0,10];\n";
    s << "@0 " << hold << "\n";
    for (int i = 0; i < kColumns; ++i) {
        if (i + 1 < kColumns)
            s << "Bot" << i << ".A = Ver" << i << ".A; Dia" << i << ".A = Ver" << i << ".A; Top"
              << i << ".A = Ver" << i << ".B;\n";
        if (i > 0)
            s << "Bot" << i - 1 << ".B = Ver" << i << ".A; Top" << i - 1 << ".B = Ver" << i
              << ".B; Dia" << i - 1 << ".B = Ver" << i << ".B;\n";
    }
    s << "@1\n";
    return s.str();
}

// Every anchor of every thing, with its exact velocity and acceleration.
template <class Check>
void forEachAnchor(const Script& script, const FrameSolution& frame, Check check) {
    REQUIRE(frame.poseVelocities.size() == script.things.size());
    for (size_t t = 0; t < script.things.size(); ++t) {
        const Pose &pose = frame.poses[t], &v = frame.poseVelocities[t];
        for (const Anchor& anchor : script.things[t].anchors) {
            INFO(script.things[t].name << "." << anchor.name);
            check(pose.apply(anchor.local), anchorVelocity(pose, v, anchor.local),
                  anchorAcceleration(pose, v, frame.poseAccelerations[t], anchor.local));
        }
    }
}

}  // namespace

TEST_CASE("a wide rigid truss translated by one joint moves at the drive's speed everywhere",
          "[solver][motion]") {
    const auto script = compileText(truss("Ver0.A = [4 * t, 0]; Ver7.A.y = 0;"));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 26);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        forEachAnchor(*script, frame, [](Vec2, Vec2 velocity, Vec2 acceleration) {
            CHECK(velocity.x == Approx(4).epsilon(1e-9));
            CHECK(velocity.y == Approx(0).margin(1e-9));
            CHECK(acceleration.x == Approx(0).margin(1e-9));
            CHECK(acceleration.y == Approx(0).margin(1e-9));
        });
    }
}

TEST_CASE("a wide rigid truss turned about one joint moves at ω × r everywhere",
          "[solver][motion]") {
    // The far bottom joint on the ray at 90° t from the hub: the truss turns at ω = π/2.
    const auto script =
        compileText(truss("Ver0.A = [0, 0]; cross(Ver7.A, [1,0].rotate(90° * t)) = 0;"));
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    const double omega = std::numbers::pi / 2;
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        forEachAnchor(*script, frame, [&](Vec2 r, Vec2 velocity, Vec2 acceleration) {
            CHECK(velocity.x == Approx(-omega * r.y).margin(1e-7));
            CHECK(velocity.y == Approx(omega * r.x).margin(1e-7));
            CHECK(acceleration.x == Approx(-omega * omega * r.x).margin(1e-6));
            CHECK(acceleration.y == Approx(-omega * omega * r.y).margin(1e-6));
        });
    }
}

TEST_CASE("a wide truss free to turn about its driven joint moves as little as it can",
          "[solver][motion]") {
    const auto script = compileText(truss("Ver0.A = [4 * t, 0];"));
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    const double lever = 0.1 * 400;  // angles weigh as arcs at a tenth of the canvas
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const Vec2 hub = anchorAt(*script, frame, "Ver0", "A");
        const double omega = frame.poseVelocities[size_t(script->thingIndex("Ver7"))].angle;
        // A rigid motion: the hub's translation and one turn about it.
        forEachAnchor(*script, frame, [&](Vec2 p, Vec2 velocity, Vec2) {
            CHECK(velocity.x == Approx(4 - omega * (p.y - hub.y)).margin(1e-7));
            CHECK(velocity.y == Approx(omega * (p.x - hub.x)).margin(1e-7));
        });
        // Of least weighted length: turning a little more or less about the hub makes it longer,
        // so the velocity is orthogonal (in that weighting) to the turn.
        double along = 0;
        for (size_t t = 0; t < script->things.size(); ++t) {
            const Pose &pose = frame.poses[t], &v = frame.poseVelocities[t];
            CHECK(v.angle == Approx(omega).margin(1e-9));
            along += -v.x * (pose.y - hub.y) + v.y * (pose.x - hub.x) + lever * lever * v.angle;
        }
        CHECK(along == Approx(0).margin(1e-6));
    }
}
