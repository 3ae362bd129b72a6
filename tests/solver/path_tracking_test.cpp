// The solver follows a machine along time and never jumps to the other branch
// (docs/reference.md#branch-rules): a slider-crank whose crank is almost as long as its rod and a
// four-bar next to its change point, both at 25 fps, stay on their starting branch for several
// turns, checked frame by frame against their closed forms; a crank as long as its rod passes
// through its dead centres the way it was moving, with a warning naming each frame; and a marker
// that restarts t (issue 13) or replaces the drive starts the path afresh without extrapolating the
// jump.

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <sstream>

#include "script_text.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kPi = std::numbers::pi;

// A slider-crank: crank of length r about [300, 300] turning at 120°/s, a rod of 100 from its pin
// to an eye on the line y = 300, on the side x > 300.
std::string sliderCrank(double r, bool pickBranch = true) {
    std::ostringstream s;
    s << ".config(25, 800, 600);\n"
      << "Crank : .bar A = [0,0] B = [" << r << ",0];\n"
      << "Rod   : .bar A = [0,0] B = [100,0];\n"
      << "@0  Crank.A = [300,300]; Crank.B = Crank.A + [" << r << ",0].rotate(120° * t);\n"
      << "    Rod.A = Crank.B; Rod.B = [x, 300];\n"
      << (pickBranch ? "    x > Crank.A.x;\n" : "") << "@9\n";
    return s.str();
}

void checkSliderCrank(double r) {
    const auto script = compileText(sliderCrank(r));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 226);
    CHECK(animation.failedFrames() == 0);
    CHECK(animation.diagnostics.empty());
    int substeps = 0;
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double theta = 2 * kPi / 3 * frame.t;
        const Vec2 pin = anchorAt(*script, frame, "Crank", "B");
        const Vec2 eye = anchorAt(*script, frame, "Rod", "B");
        const double rise = r * std::sin(theta);
        CHECK(pin.x == Approx(300 + r * std::cos(theta)).margin(1e-6));
        CHECK(eye.y == Approx(300).margin(1e-6));
        CHECK(eye.x == Approx(pin.x + std::sqrt(100 * 100 - rise * rise)).margin(1e-6));
        substeps += frame.summary.substeps;
    }
    // Reached with a few sub-steps where the branches come close, not hundreds.
    CHECK(substeps < 4 * int(animation.frames.size()));
}

}  // namespace

TEST_CASE("a slider-crank with its crank almost as long as its rod stays on its branch",
          "[solver][tracking]") {
    SECTION("crank 99.95") {
        checkSliderCrank(99.95);
    }
    SECTION("crank 99.99") {
        checkSliderCrank(99.99);
    }
}

TEST_CASE("a four-bar next to its change point stays on its branch", "[solver][tracking]") {
    // Crank 50, coupler 120, rocker 80.05, ground 150: a + d = b + c - 0.05, so at 180° the
    // coupler and rocker are all but in line and the two assemblies are 4 units apart.
    const double a = 50, b = 120, c = 80.05;
    const Vec2 o2{200, 200}, o4{350, 200};
    const auto script = compileText(
        ".config(25, 600, 400);\n"
        "Crank   : .bar A = [0,0] B = [50,0];\n"
        "Coupler : .bar B = [0,0] C = [120,0];\n"
        "Rocker  : .bar D = [0,0] C = [80.05,0];\n"
        "@0  Crank.A = [200,200]; Rocker.D = [350,200];\n"
        "    Crank.B = Crank.A + [50,0].rotate(90° * t + 90°);\n"
        "    Coupler.B = Crank.B; Coupler.C = Rocker.C;\n"
        "@16\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 401);
    CHECK(animation.failedFrames() == 0);
    CHECK(animation.diagnostics.empty());
    // The branch is the side of the line from the crank pin to the rocker's pivot the joint is on.
    const auto side = [&](const FrameSolution& f) {
        const Vec2 pin = anchorAt(*script, f, "Crank", "B"),
                   joint = anchorAt(*script, f, "Rocker", "C");
        return (o4 - pin).x * (joint - pin).y - (o4 - pin).y * (joint - pin).x;
    };
    const bool above = side(animation.frames[0]) > 0;
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double theta = kPi / 2 * frame.t + kPi / 2;
        const Vec2 pin{o2.x + a * std::cos(theta), o2.y + a * std::sin(theta)};
        // The joint: where the circles about the pin (b) and the rocker's pivot (c) meet, on the
        // side.
        const Vec2 d = o4 - pin;
        const double l = d.length(), along = (l * l + b * b - c * c) / (2 * l),
                     h = std::sqrt(b * b - along * along);
        const Vec2 u{d.x / l, d.y / l}, n{-u.y, u.x};
        const double sign = above ? 1 : -1;
        const Vec2 expected{pin.x + u.x * along + sign * n.x * h,
                            pin.y + u.y * along + sign * n.y * h};
        const Vec2 joint = anchorAt(*script, frame, "Rocker", "C");
        CHECK(joint.x == Approx(expected.x).margin(1e-6));
        CHECK(joint.y == Approx(expected.y).margin(1e-6));
        CHECK((side(frame) > 0) == above);
    }
}

TEST_CASE("a crank as long as its rod passes its dead centres the way it was moving",
          "[solver][tracking]") {
    const auto script = compileText(sliderCrank(100, false));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 226);
    CHECK(animation.failedFrames() == 0);
    // The slider is driven through: x = 300 + 2 r cos θ, never folded back onto the crank.
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double theta = 2 * kPi / 3 * frame.t;
        CHECK(anchorAt(*script, frame, "Rod", "B").x ==
              Approx(300 + 200 * std::cos(theta)).margin(1e-5));
    }
    // θ = 90° + k 180° falls between frames 18 and 19, 56 and 57, ...: one warning each.
    std::vector<std::string> said;
    for (const Diagnostic& d : animation.diagnostics) {
        CHECK(d.severity == Severity::Warning);
        said.push_back(d.message);
    }
    REQUIRE(said.size() >= 2);
    CHECK(
        said[0] ==
        "the mechanism passes through a dead centre at frame 19 and goes on the way it was moving");
    CHECK(
        said[1] ==
        "the mechanism passes through a dead centre at frame 57 and goes on the way it was moving");
    CHECK(said.size() == 6);  // two a turn, three turns
}

TEST_CASE("a dead centre met exactly on a frame is warned at that frame", "[solver][tracking]") {
    // 225°/s at 25 fps: the crank is at 90° on frame 10 (t = 0.4 s), where a rod as long as the
    // crank folds onto it.
    const auto script = compileText(
        ".config(25, 800, 600);\n"
        "Crank : .bar A = [0,0] B = [100,0];\n"
        "Rod   : .bar A = [0,0] B = [100,0];\n"
        "@0  Crank.A = [300,300]; Crank.B = Crank.A + [100,0].rotate(225° * t);\n"
        "    Rod.A = Crank.B; Rod.B = [x, 300];\n"
        "@0.8\n");
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    REQUIRE(animation.diagnostics.size() == 1);
    CHECK(animation.diagnostics[0].message ==
          "the mechanism passes through a dead centre at frame 10 and goes on the way it was "
          "moving");
    // ... and flagged in that frame's summary, the one that lies on it, not the next.
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        CHECK(frame.summary.deadCentre == (frame.index == 10));
    }
    // Driven through: x = 300 + 2 r cos θ on both sides of it.
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        CHECK(anchorAt(*script, frame, "Rod", "B").x ==
              Approx(300 + 200 * std::cos(5 * kPi / 4 * frame.t)).margin(1e-5));
    }
}

TEST_CASE("a rod as long as its crank folds back where an inequality asks it to",
          "[solver][tracking]") {
    // x = Crank.A.x is allowed by `>=`: past the dead centre at 90° the way it was moving would
    // put the slider left of the hub, so the rod folds back onto the crank, x = 300, until the
    // crank comes round to 270° where the branches meet again.
    const auto script = compileText(
        ".config(25, 800, 600);\n"
        "Crank : .bar A = [0,0] B = [100,0];\n"
        "Rod   : .bar A = [0,0] B = [100,0];\n"
        "@0  Crank.A = [300,300]; Crank.B = Crank.A + [100,0].rotate(120° * t);\n"
        "    Rod.A = Crank.B; Rod.B = [x, 300]; x >= Crank.A.x;\n"
        "@3\n");
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        const double theta = 2 * kPi / 3 * frame.t;
        if (theta > 1.5 * kPi) break;  // past 270° either branch meets `>=`
        INFO("frame " << frame.index);
        const double expected = std::cos(theta) >= 0 ? 300 + 200 * std::cos(theta) : 300;
        CHECK(anchorAt(*script, frame, "Rod", "B").x == Approx(expected).margin(1e-9));
    }
}

namespace {

// Issue 13's four-bar: the crank turns 12° a frame, the marker at 2 s restarts t.
std::string markerFourBar(const char* afterMarker) {
    return std::string(
               ".config(10, 500, 400);\n"
               "Crank   : .bar A = [0,0] B = [50,0];\n"
               "Coupler : .bar B = [0,0] C = [180,0];\n"
               "Rocker  : .bar D = [0,0] C = [150,0];\n"
               "@0  Crank.A = [100,100]; Rocker.D = [300,100];\n"
               "    Crank.B = Crank.A + [_,0].rotate(120° * t);\n"
               "    Coupler.B = Crank.B; Coupler.C = Rocker.C;\n"
               "@2 ") +
           afterMarker + "\n@4\n";
}

double crankDegrees(const Script& script, const FrameSolution& frame) {
    const Vec2 a = anchorAt(script, frame, "Crank", "A"), b = anchorAt(script, frame, "Crank", "B");
    return degrees(std::atan2(b.y - a.y, b.x - a.x));
}

double jointSide(const Script& script, const FrameSolution& frame) {
    const Vec2 pin = anchorAt(script, frame, "Crank", "B"),
               joint = anchorAt(script, frame, "Rocker", "C");
    const Vec2 pivot{300, 100};
    return (pivot - pin).x * (joint - pin).y - (pivot - pin).y * (joint - pin).x;
}

}  // namespace

TEST_CASE("after a marker restarts t the crank keeps turning 12 degrees a frame",
          "[solver][tracking][marker]") {
    const auto script = compileText(markerFourBar(""));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 41);
    CHECK(animation.failedFrames() == 0);
    const bool side = jointSide(*script, animation.frames[0]) > 0;
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        // The drive's own meaning: 120° t, with t restarted at 2 s.
        CHECK(wrapDegrees(crankDegrees(*script, frame) - 120 * frame.t) == Approx(0).margin(1e-6));
        CHECK((jointSide(*script, frame) > 0) == side);
        if (frame.index > 20) {
            const double step = crankDegrees(*script, frame) -
                                crankDegrees(*script, animation.frames[size_t(frame.index - 1)]);
            CHECK(wrapDegrees(step) == Approx(12).margin(1e-6));
        }
    }
    // The length `_` keeps the sign it had: the crank is not turned half round.
    for (const FrameSolution& frame : animation.frames) CHECK(frame.variables[0].x == Approx(50));
}

TEST_CASE("after a marker replaces the drive the crank follows the new one without flips",
          "[solver][tracking][marker]") {
    const auto script = compileText(markerFourBar("Crank.B = Crank.A + [_,0].rotate(-60° * t);"));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 41);
    CHECK(animation.failedFrames() == 0);
    const bool side = jointSide(*script, animation.frames[0]) > 0;
    for (size_t f = 21; f < animation.frames.size(); ++f) {
        INFO("frame " << f);
        const double step = crankDegrees(*script, animation.frames[f]) -
                            crankDegrees(*script, animation.frames[f - 1]);
        CHECK(wrapDegrees(step) == Approx(-6).margin(1e-6));
        CHECK((jointSide(*script, animation.frames[f]) > 0) == side);
    }
}
