// What the solver says about scripts it cannot satisfy exactly: conflicting constraints are named
// with how far off each is, free degrees of freedom are reported per thing from the Jacobian's
// null space, a thing left under-determined stays where it was, and a start on a saddle (a crank
// exactly 90° from the direction asked) is not mistaken for a failure.

#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "expression_builder.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

std::vector<std::string> messages(const std::vector<Diagnostic>& diagnostics) {
    std::vector<std::string> out;
    for (const Diagnostic& d : diagnostics) out.push_back(d.message);
    return out;
}

}  // namespace

TEST_CASE("conflicting constraints fail the frame, name the later one and keep the earlier exact",
          "[solver][diagnostics]") {
    ScriptBuilder b;
    const ThingId a = b.thing("A", {{"P", {0, 0}}});
    b.step(0);
    const ConstraintId left = b.equal(b.anchor(a, "P"), vec(10, 20));
    const ConstraintId right = b.equal(b.anchor(a, "P"), vec(10.5, 20));
    const auto script = b.build();
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 1);
    const FrameSolution& frame = animation.frames[0];
    CHECK(frame.failed);
    CHECK(animation.failedFrames() == 1);
    // No compromise: what the first constraint fixes stays exactly there.
    CHECK(frame.poses[a].x == Approx(10).margin(1e-12));
    CHECK(frame.poses[a].y == Approx(20).margin(1e-12));
    REQUIRE(frame.summary.off.size() == 1);
    CHECK(frame.summary.off[0].constraint == right);
    CHECK(frame.summary.off[0].by == Approx(0.5));
    REQUIRE(animation.diagnostics.size() == 2);
    CHECK(animation.diagnostics[0].severity == Severity::Error);
    CHECK(animation.diagnostics[0].range == script->constraints[right].range);
    CHECK(animation.diagnostics[0].message ==
          "this constraint cannot hold in frame 0: off by up to 0.5, with the constraints it "
          "depends on");
    CHECK(animation.diagnostics[1].severity == Severity::Note);
    CHECK(animation.diagnostics[1].range == script->constraints[left].range);
    // What they are about, as data: the conflict names the constraint that cannot hold first.
    CHECK(animation.diagnostics[0].kind == DiagnosticKind::Conflict);
    CHECK(animation.diagnostics[0].constraints == std::vector<ConstraintId>{right, left});
    CHECK(animation.diagnostics[1].kind == DiagnosticKind::ConflictNote);
    CHECK(animation.diagnostics[1].constraints == std::vector<ConstraintId>{left, right});
}

TEST_CASE("redundant but consistent constraints are no failure", "[solver][diagnostics]") {
    ScriptBuilder b;
    const ThingId a = b.thing("A", {{"P", {0, 0}}, {"Q", {10, 0}}});
    b.step(0);
    b.equal(b.anchor(a, "P"), vec(10, 20));
    b.equal(b.anchor(a, "Q"), vec(20, 20));
    b.equal(yOf(b.anchor(a, "Q")), num(20));  // says again what the line above says
    const Animation animation = solveAnimation(b.build());
    REQUIRE(animation.frames.size() == 1);
    CHECK_FALSE(animation.frames[0].failed);
    CHECK(animation.diagnostics.empty());
    CHECK(animation.frames[0].poses[a].angle == Approx(0).margin(1e-9));
}

TEST_CASE("an under-determined thing stays where it was and its free motion is reported",
          "[solver][diagnostics]") {
    ScriptBuilder b;
    const ThingId engine =
        b.thing("Engine", {{"O", {0, 0}}, {"P", {30, -50}}, {"Q", {31, -50}}}, {-10, 130, 0.3});
    const ThingId slide = b.thing("Slide", {{"P", {0, 0}}, {"Q", {1, 0}}}, {5, 60, 0});
    const ThingId loose = b.thing("Loose", {{"P", {0, 0}}}, {7, 8, 0.5});
    b.step(0);
    const Vec2 pin = Pose{-10, 130, 0.3}.apply({30, -50});
    b.equal(b.anchor(engine, "P"), vec(pin.x, pin.y));
    b.equal(b.anchor(slide, "Q"), b.anchor(slide, "P") + vec(b.any(), num(0)));
    b.equal(yOf(b.anchor(slide, "P")), num(60) + time());
    b.equal(xOf(b.anchor(loose, "P")), num(7));
    b.step(1);
    const auto script = b.build();
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        CHECK(frame.poses[engine].x == Approx(-10));
        CHECK(frame.poses[engine].y == Approx(130));
        CHECK(frame.poses[engine].angle == Approx(0.3));
        CHECK(frame.poses[slide].x == Approx(5));  // free along x: not moved
        CHECK(frame.poses[slide].y == Approx(60 + frame.t));
    }
    const auto said = messages(animation.diagnostics);
    CHECK(said == std::vector<std::string>{"Engine can still rotate about Engine.P",
                                           "Slide can still move along [1, 0]",
                                           "Loose can still move"});
    REQUIRE(animation.diagnostics.size() == 3);
    CHECK(animation.diagnostics[0].range == script->things[engine].nameRange);
    CHECK(animation.diagnostics[0].severity == Severity::Warning);
}

TEST_CASE("a rotation about a point that is no anchor names the point", "[solver][diagnostics]") {
    ScriptBuilder b;
    const ThingId bar = b.thing("Bar", {{"P", {0, 0}}, {"Q", {10, 0}}}, {0, 0, 0});
    b.step(0);
    // Q on a circle of radius 10 about [50, 0]... and P at distance 10 from it too: rotation about
    // it.
    b.equal(lengthOf(b.anchor(bar, "P") - vec(50, 0)), num(10));
    b.equal(lengthOf(b.anchor(bar, "Q") - vec(50, 0)), num(10 * std::sqrt(2.0)));
    const Animation animation = solveAnimation(b.build());
    CHECK(animation.failedFrames() == 0);
    CHECK(messages(animation.diagnostics) ==
          std::vector<std::string>{"Bar can still rotate about [50, 0]"});
}

TEST_CASE("a crank started exactly 90 degrees from where it is pulled is solved",
          "[solver][robust]") {
    auto solve = [] {
        ScriptBuilder b;
        // As in the pump: the crank image is upright (Q above... below P), asked to lie horizontal.
        const ThingId crank = b.thing("Crank", {{"P", {20, -20}}, {"Q", {20, -50}}});
        b.step(0);
        b.equal(b.anchor(crank, "P"), vec(220, 150));
        b.equal(b.anchor(crank, "Q"), b.anchor(crank, "P") + vec(b.any(), num(0)));
        return solveAnimation(b.build());
    };
    const Animation animation = solve();
    REQUIRE(animation.frames.size() == 1);
    const FrameSolution& frame = animation.frames[0];
    CHECK_FALSE(frame.failed);
    const Vec2 p = frame.poses[0].apply({20, -20}), q = frame.poses[0].apply({20, -50});
    CHECK(p.x == Approx(220));
    CHECK(p.y == Approx(150));
    CHECK(q.y == Approx(150).margin(1e-7));
    // Upright in its image, lying in the solution: the pose turned a quarter, either way.
    CHECK(std::abs(std::remainder(frame.poses[0].angle, 2 * std::numbers::pi)) ==
          Approx(std::numbers::pi / 2));
    // Deterministic: the same script gives the same numbers, bit for bit.
    const Animation again = solve();
    CHECK(again.frames[0].poses[0].x == frame.poses[0].x);
    CHECK(again.frames[0].poses[0].angle == frame.poses[0].angle);
}
