// Where time does not decide between a mechanism's solutions, the rules of
// docs/reference.md#branch-rules do: the first frame is the solution nearest the things' definition
// poses, then the inequalities; across a marker every variable keeps its sign; a conflict never
// changes a branch; inequalities choose per block. Every expectation is a closed form of the
// geometry.

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <string>

#include "script_text.h"
#include "solver/api/animation.h"
#include "solver/api/drag_solver.h"
#include "tests/support/scissor_lift.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kPi = std::numbers::pi;

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

VariableId firstAnonymous(const Script& script) {
    for (VariableId v{0}; v < script.variables.size(); ++v)
        if (script.variables[v].anonymous) return v;
    FAIL("no anonymous variable");
    return VariableId{0};
}

FrameSolution firstFrame(const std::shared_ptr<const Script>& script) {
    SolveOptions options;
    options.endFrame = 1;
    const Animation animation = solveAnimation(script, options);
    REQUIRE(animation.frames.size() == 1);
    return animation.frames[0];
}

}  // namespace

TEST_CASE("the first frame is the solution nearest the definition poses, for any length and angle",
          "[solver][branch]") {
    // `[_,0].rotate(a)` has two solutions on a crank defined along +x: the crank at a with `_`
    // positive, and at a + 180° with `_` negative. The nearer to the definition (angle 0) is the
    // one whose angle is within 90° of 0.
    for (const int length : {1, 3, 10, 35, 100, 330, 1000}) {
        for (const int angle : {7, 45, 89, 91, 135, 170, 187, 225, 269, 271, 315, 353, -7, -100}) {
            const auto script = compileText(
                ".config(25, 640, 360);\n"
                "Crank : .bar P = [0,0] Q = [" +
                std::to_string(length) +
                ",0];\n"
                "@0 Crank.P = [200,150]; Crank.Q = Crank.P + [_,0].rotate(" +
                std::to_string(angle) + "°);\n@1\n");
            const FrameSolution frame = firstFrame(script);
            INFO("length " << length << ", angle " << angle);
            REQUIRE_FALSE(frame.failed);
            const double near = std::cos(angle * kPi / 180) > 0 ? angle : angle + 180;
            CHECK(degrees(frame.poses[0].angle) == Approx(wrapDegrees(near)).margin(1e-7));
            const double expected = std::cos(angle * kPi / 180) > 0 ? length : -length;
            CHECK(frame.variables[firstAnonymous(*script)].x ==
                  Approx(expected).margin(1e-7 * length));
        }
    }
}

TEST_CASE("the reference's engine: rotate(170°) gives -10° with `_` negative", "[solver][branch]") {
    const auto script = compileText(
        "Engine : .bar P = [24,90] Q = P+[1,0];\n"
        "@0 Engine.P = [60,180]; Engine.Q = Engine.P + [_,0].rotate(170°);\n@1\n");
    const FrameSolution frame = firstFrame(script);
    REQUIRE_FALSE(frame.failed);
    CHECK(degrees(frame.poses[0].angle) == Approx(-10).margin(1e-7));
    CHECK(frame.variables[firstAnonymous(*script)].x == Approx(-1).margin(1e-9));
}

TEST_CASE("the pump's engine is upright wherever Engine.P is put", "[solver][branch]") {
    const std::string text = pumpText();
    for (const int x : {-500, 0, 60, 333, 1000}) {
        for (const int y : {-400, 0, 123, 180, 900}) {
            const std::string at = "[" + std::to_string(x) + "," + std::to_string(y) + "]";
            const auto script =
                compileText(replaced(text, "Engine.P = [60,180]", "Engine.P = " + at),
                            MOVIMENTUM_SOURCE_DIR "/samples");
            const FrameSolution frame = firstFrame(script);
            INFO("Engine.P = " << at);
            // Far off the cylinder's axis (y = 180) the conrod cannot reach the piston's line
            // and the frame fails, but the engine's own block holds, upright, all the same.
            if (y == 180) {
                REQUIRE_FALSE(frame.failed);
                // The conrod's slider stays on the engine's side of the crank, as
                // `x < Crank.P.x` asks.
                CHECK(anchorAt(*script, frame, "Conrod", "Q").x <
                      anchorAt(*script, frame, "Crank", "P").x);
            }
            const ThingId engine{script->thingIndex("Engine")};
            CHECK(frame.poses[engine].angle == Approx(0).margin(1e-9));
            CHECK(frame.variables[firstAnonymous(*script)].x == Approx(1).margin(1e-9));
        }
    }
}

TEST_CASE("dragging the pump's engine leaves it upright", "[solver][branch][drag]") {
    const auto script = compileText(pumpText(), MOVIMENTUM_SOURCE_DIR "/samples");
    const FrameSolution shown = firstFrame(script);
    SolveOptions options;
    options.endFrame = 1;
    const Animation animation = solveAnimation(script, options);
    const ThingId engine{script->thingIndex("Engine")};
    const int p = script->things[engine].anchorIndex("P");
    DragSolver drag(script, animation.plan, shown,
                    {engine, p, script->things[engine].anchors[size_t(p)].local});
    // The engine goes as far toward the mouse as the conrod, which must reach the piston's line
    // y = 180, lets it; wherever it stops, it is upright.
    for (const Vec2 mouse : {Vec2{60, 123}, Vec2{300, 20}, Vec2{-50, 300}}) {
        const FrameSolution frame = drag.pullTo(mouse);
        INFO("mouse " << mouse.x << ", " << mouse.y);
        REQUIRE_FALSE(frame.failed);
        CHECK(frame.poses[engine].angle == Approx(0).margin(1e-9));
        CHECK(frame.variables[firstAnonymous(*script)].x == Approx(1).margin(1e-9));
    }
}

TEST_CASE("a drive replaced at a marker turns the crank by its jump and keeps its sign",
          "[solver][branch][marker]") {
    // The crank of 50 is driven to 0° and then, from the marker, to the jump's angle; `c` keeps
    // its sign (positive), so the crank is at the jump's angle, not half a turn from it.
    for (const char* marker : {"1", "1.013"}) {  // on the frame grid, and between two frames
        for (const int jump : {0, 90, 100, 179, 181, 270, -100}) {
            const auto script = compileText(
                ".config(25, 640, 360);\n"
                "Crank : .bar P = [0,0] Q = [50,0];\n"
                "@0 Crank.P = [200,150]; Crank.Q = Crank.P + [c,0].rotate(0°);\n"
                "@" +
                std::string(marker) + " Crank.Q = Crank.P + [c,0].rotate(" + std::to_string(jump) +
                "°);\n@2\n");
            const Animation animation = solveAnimation(script);
            INFO("marker " << marker << ", jump " << jump);
            REQUIRE(animation.failedFrames() == 0);
            const VariableId c{0};
            for (const FrameSolution& frame : animation.frames) {
                const bool after = animation.plan.frames[size_t(frame.index)].segment > 0;
                INFO("frame " << frame.index);
                CHECK(frame.variables[c].x == Approx(50).margin(1e-9));
                const double expected = after ? jump : 0;
                CHECK(wrapDegrees(degrees(frame.poses[0].angle) - expected) ==
                      Approx(0).margin(1e-7));
            }
        }
    }
}

TEST_CASE("a free variable keeps its sign across a marker", "[solver][branch][marker]") {
    // `d` places the rod's end along the crank; the drive jumps by 150° at the marker, which a
    // path from the frame before would follow through d = 0 to the other side.
    const auto script = compileText(
        ".config(25, 640, 360);\n"
        "Crank : .bar P = [0,0] Q = [50,0];\n"
        "Rod : .bar A = [0,0] B = [30,0];\n"
        "@0 Crank.P = [200,150]; Crank.Q = Crank.P + [c,0].rotate(20°);\n"
        "   Rod.A = Crank.Q; Rod.B = Rod.A + [d,0].rotate(20°);\n"
        "@1 Crank.Q = Crank.P + [c,0].rotate(170°); Rod.B = Rod.A + [d,0].rotate(170°);\n@2\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.failedFrames() == 0);
    const FrameSolution& last = animation.frames.back();
    CHECK(last.variables[VariableId{0}].x == Approx(50).margin(1e-9));
    CHECK(last.variables[VariableId{1}].x == Approx(30).margin(1e-9));
    CHECK(wrapDegrees(degrees(last.poses[0].angle) - 170) == Approx(0).margin(1e-7));
    CHECK(wrapDegrees(degrees(last.poses[1].angle) - 170) == Approx(0).margin(1e-7));
}

TEST_CASE("a `_` that replaces another under its key takes its sign, at every frame rate",
          "[solver][branch][marker]") {
    // The crank turns to 180° with its `_` positive; from the marker its drive is
    // `[_,0].rotate(30° + 45°·t)`, whose solution nearest 180° is at 210° with the new `_`
    // negative. The new `_` stands where the old one stood, so it is positive: the crank is at
    // 30° at the marker, as `[c,0]` puts it, at any frame rate. The same for a four-bar's crank.
    const std::string fourBar =
        "Coupler : .bar A = [0,0] B = [120,0];\n"
        "Rocker : .bar P = [0,0] Q = [80,0];\n";
    const std::string joints =
        "   Coupler.A = Crank.Q; Rocker.P = [300,150]; Coupler.B = Rocker.Q;"
        " Rocker.Q.y > 150;\n";
    for (const bool loop : {false, true}) {
        for (const int fps : {5, 7, 10, 25}) {
            const auto script =
                compileText(".config(" + std::to_string(fps) +
                            ", 640, 360);\n"
                            "Crank : .bar P = [0,0] Q = [40,0];\n" +
                            (loop ? fourBar : "") +
                            "@0 Crank.P = [200,150]; Crank.Q = Crank.P + [_,0].rotate(90° * t);\n" +
                            (loop ? joints : "") +
                            "@+2 Crank.Q = Crank.P + [_,0].rotate(30° + 45° * t);\n@+2\n");
            const Animation animation = solveAnimation(script);
            INFO((loop ? "four-bar" : "crank") << " at " << fps << " fps");
            REQUIRE(animation.failedFrames() == 0);
            for (const FrameSolution& frame : animation.frames) {
                const Frame& planned = animation.plan.frames[size_t(frame.index)];
                const bool after = planned.segment > 0;
                const double expected = after ? 30 + 45 * planned.t : 90 * planned.t;
                INFO("frame " << frame.index);
                CHECK(wrapDegrees(degrees(frame.poses[0].angle) - expected) ==
                      Approx(0).margin(1e-9));
                // The `_` of the drive in force, the first before the marker, the second after.
                CHECK(frame.variables[VariableId{after ? 1u : 0u}].x == Approx(40).margin(1e-9));
            }
        }
    }
}

TEST_CASE("a conflict never changes a branch", "[solver][branch][conflict]") {
    // A crank-slider (the slider left of the hub, as `x < Crank.P.x` asks) whose pin is also
    // asked to be at y = 400 in frames 30-59: after the conflict is lifted at frame 60, every
    // frame equals the same script without that line.
    const std::string head =
        ".config(25, 640, 360);\n"
        "Crank : .bar P = [0,0] Q = [50,0];\n"
        "Rod : .bar A = [0,0] B = [150,0];\n"
        "Arm : .bar P = [0,0] Q = [40,0];\n"
        "@0 Crank.P = [300,150]; Crank.Q = Crank.P + [c,0].rotate(90° * t);\n"
        "   Rod.A = Crank.Q; Rod.B = [x,150]; x < Crank.P.x;\n"
        "   Arm.P = [100,300]; Arm.Q = [a, 280]; a > 100;\n";
    const auto with = compileText(head +
                                  "@1.2 crankPin: Crank.Q.y = 400;\n"
                                  "@2.4 crankPin: Crank.Q.y < 10000;\n@4\n");
    const auto without = compileText(head + "@1.2\n@2.4\n@4\n");
    const Animation conflicted = solveAnimation(with);
    const Animation plain = solveAnimation(without);
    REQUIRE(conflicted.frames.size() == plain.frames.size());
    REQUIRE(plain.failedFrames() == 0);
    for (size_t f = 0; f < conflicted.frames.size(); ++f) {
        const FrameSolution& a = conflicted.frames[f];
        const FrameSolution& b = plain.frames[f];
        INFO("frame " << f);
        CHECK(a.failed == (f >= 30 && f < 60));
        // In the conflict the drive written first holds and the pin's y misses: the crank stays
        // on its drive, so it is where the plain script has it in every frame.
        for (size_t t = 0; t < a.poses.size(); ++t) {
            CHECK(a.poses[t].x == Approx(b.poses[t].x).margin(1e-7));
            CHECK(a.poses[t].y == Approx(b.poses[t].y).margin(1e-7));
            CHECK(a.poses[t].angle == Approx(b.poses[t].angle).margin(1e-9));
        }
        CHECK(a.variables[VariableId{0}].x == Approx(50).margin(1e-9));
    }
}

TEST_CASE("a conflict never changes a branch, also when it ends", "[solver][branch][conflict]") {
    // A crank of 60 turning once drives a dyad (100 from its pin, 80 from a pivot 180 to its
    // right) that closes only while the pin is within 180 of the pivot: |angle| <= acos(1/6),
    // 80.4°. Nothing but the frames before says on which side of the pin-pivot line the joint
    // is; after the stretch where it cannot close, it is on the side it was on before it.
    const auto script = compileText(
        ".config(25, 640, 400);\n"
        "Crank : .bar P = [0,0] Q = [60,0];\n"
        "Link : .bar A = [0,0] B = [100,0];\n"
        "Rocker : .bar P = [0,0] Q = [80,0];\n"
        "@0 Crank.P = [200,200]; Crank.Q = Crank.P + [_,0].rotate(10° + 90° * t);\n"
        "   Link.A = Crank.Q; Rocker.P = [380,200]; Link.B = Rocker.Q;\n"
        "@4\n");
    const Animation animation = solveAnimation(script);
    auto side = [&](const FrameSolution& frame) {
        const Vec2 pin = anchorAt(*script, frame, "Crank", "Q");
        const Vec2 joint = anchorAt(*script, frame, "Link", "B");
        const Vec2 toPivot = Vec2{380, 200} - pin, toJoint = joint - pin;
        return toPivot.x * toJoint.y - toPivot.y * toJoint.x > 0 ? 1 : -1;
    };
    const int first = side(animation.frames.front());
    int failed = 0;
    for (const FrameSolution& frame : animation.frames) {
        const double angle = 10 + 90 * frame.t;
        const bool closes = std::cos(angle * kPi / 180) >= 1.0 / 6 + 1e-9;
        INFO("frame " << frame.index << " at " << angle << "°");
        if (std::abs(std::cos(angle * kPi / 180) - 1.0 / 6) < 1e-3) continue;  // at the fold
        CHECK(frame.failed == !closes);
        if (frame.failed) {
            ++failed;
            continue;
        }
        CHECK(side(frame) == first);
    }
    CHECK(failed > 40);
}

TEST_CASE("a scissor lift of 100 cells, one inequality each, solves on its branch",
          "[solver][branch][scissor]") {
    constexpr int kCells = 100;
    const auto script = compileText(test::scissorLift(kCells, "(60 + 20 * t)"));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 26);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        // Each cell is a rhombus of half-diagonals w/2 and h/2 with bars of 100: its height is
        // sqrt(100² - w²), and the lift's top is the cells' heights stacked.
        const double w = 60 + 20 * frame.t;
        const double h = std::sqrt(100 * 100 - w * w);
        INFO("frame " << frame.index);
        const std::string top = "A" + std::to_string(kCells - 1);
        const Vec2 f = anchorAt(*script, frame, top.c_str(), "F");
        CHECK(f.x == Approx(100 + w).margin(1e-6));
        CHECK(f.y == Approx(50 + kCells * h).margin(1e-6));
    }
}

TEST_CASE("a variable started on a saddle is nudged off it, then its inequality chooses the side",
          "[solver][branch]") {
    // |[x, 4]| = 5 at x = 0 has slope 0 in x: Newton cannot start there. The solutions are ±3.
    for (const auto& [inequality, expected] :
         {std::pair("  x > 0;\n", 3.0), std::pair("  x < 0;\n", -3.0)}) {
        const auto script =
            compileText("@0\n  [x, y].length = 5;\n  y = 4;\n" + std::string(inequality));
        const FrameSolution frame = firstFrame(script);
        INFO(inequality);
        CHECK_FALSE(frame.failed);
        CHECK(frame.variables[0].x == Approx(expected).margin(1e-9));
        CHECK(frame.variables[1].x == Approx(4).margin(1e-9));
    }
}
