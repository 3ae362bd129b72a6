// The mechanics on real script text: compileScript and planFrames build the Script and the frame
// plan, as the editor and the command line do, and the simulation reproduces the seed's examples
// and docs/reference.md#steps-and-markers (resets, regions, pendulums). The samples with mechanics
// are checked here too: they compile without errors and solve every frame.

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <boost/math/special_functions/ellint_1.hpp>

#include "core/compile.h"
#include "core/model/frame_plan.h"
#include "solver/api/animation.h"
#include "solver/mechanics/simulate_mechanics.h"
#include "tests/support/disk_images.h"

using namespace mv;

namespace {

std::string errorsOf(const CompileResult& result) {
    std::string text;
    for (const Diagnostic& d : result.diagnostics) {
        if (d.severity == Severity::Error)
            text += formatDiagnostic(*result.script->source, d) + "\n";
    }
    return text;
}

std::shared_ptr<const Script> compile(const std::string& text) {
    const CompileResult result = compileScript(
        std::make_shared<const SourceText>("test.movimentum", text), mv::test::DiskImages("."));
    INFO(text);
    REQUIRE(result.script);
    INFO(errorsOf(result));
    REQUIRE(errorsOf(result).empty());
    return result.script;
}

struct Run {
    std::shared_ptr<const Script> script;
    FramePlan plan;
    MechanicsResult result;

    Vec2 state(int frame, const char* element, const char* name) const {
        const int e = script->elementIndex(element);
        return result.frames[frame][e][script->elements[e].stateIndex(name)];
    }
};

Run simulate(const std::string& text) {
    Run run{compile(text), {}, {}};
    run.plan = planFrames(*run.script);
    run.result = simulateMechanics(*run.script, run.plan);
    REQUIRE(run.result.frames.size() == run.plan.frames.size());
    return run;
}

const char* const kSeedWall = R"(
.config(2, 100, 100);
Ball : .point x = [0,0] x_d1 = [1,1];
Wall : .reflection target = Ball guard = Ball.x.x - 1 direction = DIRECTION restitution = E;
@0
@2
)";

std::string seedWall(const char* direction, const char* restitution) {
    std::string text = kSeedWall;
    text.replace(text.find("DIRECTION"), 9, direction);
    text.replace(text.find("E;"), 1, restitution);
    return text;
}

}  // namespace

TEST_CASE("the seed's wall, written as a script", "[mechanics][script]") {
    SECTION("direction 1 reflects: [0,2] at 2 s") {
        const Run run = simulate(seedWall("1", "1"));
        REQUIRE(run.result.diagnostics.empty());
        REQUIRE(run.plan.frames.size() == 5);
        CHECK(run.state(4, "Ball", "x").x == Approx(0).margin(1e-9));
        CHECK(run.state(4, "Ball", "x").y == Approx(2).margin(1e-9));
    }
    SECTION("direction -1 lets it pass: [2,2]") {
        const Run run = simulate(seedWall("-1", "1"));
        CHECK(run.state(4, "Ball", "x").x == Approx(2).margin(1e-9));
    }
    SECTION("restitution 0.5: [0.5,2]") {
        const Run run = simulate(seedWall("1", "0.5"));
        CHECK(run.state(4, "Ball", "x").x == Approx(0.5).margin(1e-9));
        CHECK(run.state(4, "Ball", "x").y == Approx(2).margin(1e-9));
    }
}

TEST_CASE("a reset at a marker, written as a script", "[mechanics][script]") {
    // Moving at [1,0] to [1,0] at T = 1, kicked to [3, T] = [3,1] there: [4,1] at T = 2.
    const Run run = simulate(R"(
.config(4, 100, 100);
Ball : .point x = [0,0] x_d1 = [1,0];
@0
@1  Ball.x_d1 := [3, T];
@2
)");
    REQUIRE(run.result.diagnostics.empty());
    CHECK(run.state(4, "Ball", "x").x == Approx(1));
    CHECK(run.state(4, "Ball", "x_d1").x == Approx(3));
    CHECK(run.state(8, "Ball", "x").x == Approx(4));
    CHECK(run.state(8, "Ball", "x").y == Approx(1));
}

TEST_CASE("a pendulum written as a script swings with its exact period", "[mechanics][script]") {
    // theta0 = 2 and l = 2: the period is 4 sqrt(l/g) K(sin 1). Frames at 100 fps; after one
    // period theta is back at theta0 within what the frame grid allows (theta' = 0 there).
    const double period = 4 * std::sqrt(2 / 9.81) * boost::math::ellint_1(std::sin(1.0));
    const Run run = simulate(R"(
.config(100, 100, 100);
Bob   : .pendulum theta = 2 l = 2;
Swing : .swing target = Bob;
@0
@6
)");
    REQUIRE(run.result.diagnostics.empty());
    const int frame = static_cast<int>(std::lround(period * 100));
    const double offset = frame / 100.0 - period;  // |offset| <= 0.005 s
    // Near the turning point theta = theta0 + theta''/2 offset^2, theta'' = -(g/l) sin theta0.
    const double expected = 2 - 9.81 / 2 * std::sin(2.0) / 2 * offset * offset;
    CHECK(run.state(frame, "Bob", "theta").x == Approx(expected).margin(1e-6));
    CHECK(run.state(0, "Bob", "theta").x == 2);
}

TEST_CASE("the samples with mechanics compile and solve every frame", "[mechanics][samples]") {
    const std::filesystem::path folder = std::filesystem::path(MOVIMENTUM_SOURCE_DIR) / "samples";
    for (const char* name : {"pendulum.movimentum", "bouncing_ball.movimentum",
                             "pendulum_pump.movimentum", "elements.movimentum"}) {
        INFO(name);
        std::ifstream file(folder / name);
        REQUIRE(file);
        std::stringstream text;
        text << file.rdbuf();
        const CompileResult compiled =
            compileScript(std::make_shared<const SourceText>(name, text.str()),
                          mv::test::DiskImages(folder.string()));
        REQUIRE(compiled.script);
        INFO(errorsOf(compiled));
        REQUIRE(compiled.diagnostics.empty());
        REQUIRE(!compiled.script->elements.empty());
        const Animation animation = solveAnimation(compiled.script);
        std::string messages;
        for (const Diagnostic& d : animation.diagnostics)
            messages += formatDiagnostic(*compiled.script->source, d) + "\n";
        INFO(messages);
        CHECK(animation.diagnostics.empty());
        CHECK(animation.failedFrames() == 0);
        CHECK(animation.frames.size() == animation.plan.frames.size());
    }
}

TEST_CASE("the pendulum sample hangs its pendulum under the middle of its beam",
          "[mechanics][samples]") {
    const std::filesystem::path folder = std::filesystem::path(MOVIMENTUM_SOURCE_DIR) / "samples";
    std::ifstream file(folder / "pendulum.movimentum");
    std::stringstream text;
    text << file.rdbuf();
    const CompileResult compiled =
        compileScript(std::make_shared<const SourceText>("pendulum.movimentum", text.str()),
                      mv::test::DiskImages(folder.string()));
    REQUIRE(compiled.script);
    const Animation animation = solveAnimation(compiled.script);
    REQUIRE(animation.failedFrames() == 0);
    const Thing& beam = compiled.script->things[compiled.script->thingIndex("Beam")];
    const ElementVisual& visual =
        compiled.script->elements[compiled.script->elementIndex("Bob")].visual;
    CHECK(visual.kind == ElementVisual::Kind::Class);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const Pose& pose = frame.poses[compiled.script->thingIndex("Beam")];
        const Vec2 middle =
            0.5 * (pose.apply(beam.anchors[0].local) + pose.apply(beam.anchors[1].local));
        CHECK(visual.toCanvas({0, 0}).x == Approx(middle.x).margin(1e-6));
        CHECK(visual.toCanvas({0, 0}).y == Approx(middle.y).margin(1e-6));
    }
}
