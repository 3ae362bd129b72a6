// Frames as exact as a closed form can check, and reports that describe the frame handed on:
// Newton goes on past "converged" while it still gains (solver_constants.h, kExact), so a point
// a linkage guides along a line is on it to the rounding of its coordinates, and a frame's
// summary is measured at the frame itself.

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "script_text.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

TEST_CASE("Peaucellier's linkage draws its straight line to 1e-11", "[solver][exact]") {
    // The crank A-C (r = 80) turns about A with C on the circle through O; the rhombus C-P1-D-P2
    // (sides s = 50) hangs from O on two arms of L = 150. D is C inverted in the circle about O of
    // radius² L² - s², so it runs on the line x = O.x + (L² - s²) / (2r) = 200 + 125. Between
    // 60° and 100° the crank keeps |OC| under sqrt(L² - s²), so D is beyond C. (An inequality
    // holds where its sides are equal: the margins keep out the folded solutions P1 = P2, D = C.)
    const auto script = compileText(
        ".config(25, 800, 400);\n"
        "Crank : .bar A = [0,0] C = [80,0];\n"
        "Arm1 : .bar O = [0,0] P = [150,0];\n"
        "Arm2 : .bar O = [0,0] P = [150,0];\n"
        "Side1 : .bar C = [0,0] P = [50,0];\n"
        "Side2 : .bar C = [0,0] P = [50,0];\n"
        "Side3 : .bar P = [0,0] D = [50,0];\n"
        "Side4 : .bar P = [0,0] D = [50,0];\n"
        "@0 Crank.A = [280,200]; Crank.C = Crank.A + [_,0].rotate(60° + 40° * t);\n"
        "   Arm1.O = [200,200]; Arm2.O = Arm1.O;\n"
        "   Side1.C = Crank.C; Side2.C = Crank.C; Side1.P = Arm1.P; Side2.P = Arm2.P;\n"
        "   Side3.P = Arm1.P; Side4.P = Arm2.P; Side3.D = Side4.D;\n"
        "   cross(Crank.C - Arm1.O, Arm1.P - Arm1.O) > 0;\n"  // P1 left of O->C, P2 right
        "   cross(Crank.C - Arm1.O, Arm2.P - Arm1.O) < 0;\n"
        "   Side3.D.x > Crank.C.x + 1;\n"  // the rhombus open, not folded
        "@1\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 26);
    REQUIRE(animation.failedFrames() == 0);
    double largest = 0;
    for (const FrameSolution& frame : animation.frames) {
        const Vec2 d = anchorAt(*script, frame, "Side3", "D");
        largest = std::max(largest, std::abs(d.x - 325));
    }
    INFO("largest distance from the line: " << largest);
    CHECK(largest < 1e-11);
    // The line is swept, not a point: D travels with the crank.
    const Vec2 first = anchorAt(*script, animation.frames.front(), "Side3", "D");
    const Vec2 last = anchorAt(*script, animation.frames.back(), "Side3", "D");
    CHECK(std::abs(first.y - last.y) > 50);
}

TEST_CASE("a guided coordinate is exact to 1e-11, and the summary says so",
          "[solver][exact][summary]") {
    // A slider-crank whose slider runs on y = 280: the rod's end is the slider, on its guide.
    const auto script = compileText(
        ".config(25, 640, 400);\n"
        "Crank : .bar P = [0,0] Q = [60,0];\n"
        "Rod : .bar A = [0,0] B = [170,0];\n"
        "@0 Crank.P = [400,250]; Crank.Q = Crank.P + [c,0].rotate(137° * t);\n"
        "   Rod.A = Crank.Q; Rod.B = [x, 280]; x < Crank.P.x;\n"
        "@4\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const Vec2 b = anchorAt(*script, frame, "Rod", "B");
        CHECK(std::abs(b.y - 280) < 1e-11);
        const Vec2 q = anchorAt(*script, frame, "Crank", "Q");
        const Vec2 a = anchorAt(*script, frame, "Rod", "A");
        CHECK(std::hypot(q.x - a.x, q.y - a.y) < 1e-11);
        // The summary's residual is the frame's: as small as the misses measured here.
        CHECK(frame.summary.largestResidual < 1e-11);
    }
}

TEST_CASE("the pump's summaries report the residual of the frame, not of the way to it",
          "[solver][exact][summary]") {
    // Sub-steps on the way to a frame miss by more than the frame does: up to 1.4e-4 was reported
    // on frames whose joints met to 3e-10.
    const auto script = compileText(pumpText(), MOVIMENTUM_SOURCE_DIR "/samples");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        CHECK(frame.summary.largestResidual < 1e-11);
        const Vec2 pin = anchorAt(*script, frame, "Crank", "Q");
        const Vec2 eye = anchorAt(*script, frame, "Conrod", "P");
        CHECK(std::hypot(pin.x - eye.x, pin.y - eye.y) <= frame.summary.largestResidual + 1e-12);
    }
}

TEST_CASE("the closing frame reports the time it is solved at", "[solver][exact][time]") {
    // At 25 fps, @3.25 falls between frames 81 (3.24 s) and 82 (3.28 s): the closing frame is
    // solved at the marker, t = 3.25, and says so.
    const auto script = compileText(
        ".config(25, 640, 360);\n"
        "Crank : .bar P = [0,0] Q = [50,0];\n"
        "@0 Crank.P = [200,150]; Crank.Q = Crank.P + [c,0].rotate(40° * t);\n"
        "@3.25\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 83);
    const FrameSolution& closing = animation.frames.back();
    CHECK(closing.time == 3.25);
    CHECK(closing.t == 3.25);
    CHECK(wrapDegrees(degrees(closing.poses[0].angle) - 130) == Approx(0).margin(1e-9));
    CHECK(animation.frames[81].time == Approx(3.24).margin(1e-12));
}
