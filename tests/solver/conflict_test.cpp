// What the solver says when a script asks for more than can hold (docs/reference.md#conflicts): the
// cause once for the run, at the constraint that cannot hold, with the frames and the size of the
// miss, and notes on the constraints it conflicts with; the frames before it are untouched, and
// what constants fix stays exactly there. Constraints that say the same thing twice are no error,
// and the free degrees of freedom of a large mechanism are found by its structure.

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "script_text.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

const char* kFourBar =
    ".config(25, 600, 400);\n"
    "Crank   : .bar A = [0,0] B = [50,0];\n"
    "Coupler : .bar B = [0,0] C = [120,0];\n"
    "Rocker  : .bar D = [0,0] C = [100,0];\n"
    "@0  Crank.A = [200,200]; Rocker.D = [350,200];\n"
    "    Crank.B = Crank.A + [50,0].rotate(90° * T);\n"
    "    Coupler.B = Crank.B; Coupler.C = Rocker.C;\n";

int lineOf(const Script& script, const Diagnostic& d) {
    return int(script.source->location(d.range.begin).line);
}

}  // namespace

TEST_CASE("a conflict added at a later step is named once, with its frames", "[solver][conflict]") {
    const auto script =
        compileText(std::string(kFourBar) +
                    "@1  far: (Crank.A - Rocker.D).length = 100;\n"  // they are 150 apart
                    "@3\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 76);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        CHECK(frame.failed == (frame.index >= 25));
        // Fixed by constants: exactly there, conflict or not.
        CHECK(anchorAt(*script, frame, "Crank", "A").x == Approx(200).margin(1e-12));
        CHECK(anchorAt(*script, frame, "Rocker", "D").x == Approx(350).margin(1e-12));
        if (frame.failed) {
            REQUIRE(frame.summary.off.size() == 1);
            CHECK(frame.summary.off[0].by == Approx(50));
        }
    }
    REQUIRE_FALSE(animation.diagnostics.empty());
    const Diagnostic& cause = animation.diagnostics[0];
    CHECK(cause.severity == Severity::Error);
    CHECK(lineOf(*script, cause) == 8);
    CHECK(cause.message ==
          "this constraint cannot hold in frames 25\u201375: off by up to 50, with the constraints "
          "it depends on");
    int errors = 0;
    for (const Diagnostic& d : animation.diagnostics) {
        if (d.severity == Severity::Error) ++errors;
        // Only the two constraints that fix the anchors it reads are named with it.
        if (d.severity == Severity::Note) CHECK(lineOf(*script, d) == 5);
    }
    CHECK(errors == 1);
    CHECK(animation.diagnostics.size() == 3);
    // The same cause as data, which the editor reads instead of grouping the failed frames again.
    REQUIRE(animation.causes.size() == 1);
    const ConflictCause& data = animation.causes[0];
    CHECK(data.constraint == cause.constraints.front());
    CHECK(data.frames.first == 25);
    CHECK(data.frames.last == 75);
    CHECK(data.count == 51);
    CHECK(data.worst == Approx(50));
    CHECK_FALSE(data.notANumber);
    CHECK(data.support ==
          std::vector<ConstraintId>(cause.constraints.begin() + 1, cause.constraints.end()));
}

TEST_CASE("an impossible inequality in the pendulum pump names that line and moves nothing fixed",
          "[solver][conflict]") {
    std::ifstream in(MOVIMENTUM_SOURCE_DIR "/samples/pendulum_pump.movimentum");
    std::stringstream text;
    text << in.rdbuf();
    std::string source = text.str();
    const std::string anchor = "x > Crank.A.x;";
    source.insert(source.find(anchor) + anchor.size(), " x < 100;");
    const auto script = compileText(source, MOVIMENTUM_SOURCE_DIR "/samples");
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == int(animation.frames.size()));
    int errors = 0;
    for (const Diagnostic& d : animation.diagnostics) {
        if (d.severity != Severity::Error) continue;
        ++errors;
        CHECK(script->source->slice(d.range).substr(0, 7) == "x < 100");
        CHECK(d.message.rfind("this constraint cannot hold in frames 0\u2013", 0) == 0);
        CHECK(d.kind == DiagnosticKind::Conflict);
        REQUIRE_FALSE(d.constraints.empty());
        CHECK(script->constraints[d.constraints.front()].range == d.range);
    }
    CHECK(errors == 1);
    for (const FrameSolution& frame : animation.frames) {
        const Vec2 a = anchorAt(*script, frame, "Crank", "A");
        CHECK(a.x == Approx(120).margin(1e-9));
        CHECK(a.y == Approx(260).margin(1e-9));
    }
}

TEST_CASE("constraints that say the same thing twice are no conflict", "[solver][conflict]") {
    const auto script = compileText(std::string(kFourBar) +
                                    "    again: (Crank.A - Rocker.D).length = 150;\n"
                                    "    Rocker.D.y = 200;\n"
                                    "@2\n");
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    CHECK(animation.diagnostics.empty());
}

TEST_CASE("the freedom report finds the one free thing of a 500-unknown mechanism",
          "[solver][freedom]") {
    std::ostringstream s;
    s << ".config(25, 4000, 400);\n";
    const int bars = 170;
    for (int i = 0; i < bars; ++i) s << "B" << i << " : .bar A = [0,0] B = [20,0];\n";
    s << "Loose : .bar P = [0,0] Q = [10,0];\n@0 B0.A = [0,200];\n";
    for (int i = 0; i < bars; ++i) {
        if (i > 0) s << "B" << i << ".A = B" << i - 1 << ".B; ";
        s << "B" << i << ".B = B" << i << ".A + [20,0].rotate(" << (i % 7) * 3 << "° * t);\n";
    }
    s << "Loose.P.x = 7;\n@1\n";
    const auto script = compileText(s.str());
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    REQUIRE(animation.diagnostics.size() == 1);
    CHECK(animation.diagnostics[0].message == "Loose can still move");
    CHECK(animation.diagnostics[0].kind == DiagnosticKind::Freedom);
    CHECK(animation.diagnostics[0].things ==
          std::vector<ThingId>{ThingId{script->thingIndex("Loose")}});
    CHECK(animation.diagnostics[0].range ==
          script->things[size_t(script->thingIndex("Loose"))].nameRange);
}
