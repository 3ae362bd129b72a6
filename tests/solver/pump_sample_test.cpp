// The pump sample (samples/pump.movimentum) through the real front end: compiled from its text,
// solved frame by frame, and checked against the closed form of its in-line slider-crank: the crank
// pin turns at 180° per second about [390, 180], the piston's wrist pin stays on the axis y = 180
// at pin.x - sqrt(140² - (pin.y - 180)²) (the side `x < Crank.P.x` asks for), the engine never
// moves.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>

#include "core/compile.h"
#include "script_text.h"
#include "solver/api/animation.h"
#include "tests/support/disk_images.h"

using namespace mv;
using mv::kinematics_test::anchorAt;

namespace {

std::shared_ptr<const Script> compilePump() {
    std::ifstream in(MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum");
    std::ostringstream text;
    text << in.rdbuf();
    const CompileResult compiled =
        compileScript(std::make_shared<const SourceText>("pump.movimentum", text.str()),
                      mv::test::DiskImages(MOVIMENTUM_SOURCE_DIR "/samples"));
    REQUIRE(compiled.script);
    CHECK(compiled.diagnostics.empty());
    return compiled.script;
}

}  // namespace

TEST_CASE("the pump sample turns six times as its closed form says", "[solver][sample]") {
    const auto script = compilePump();
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 326);
    CHECK(animation.failedFrames() == 0);
    CHECK(animation.diagnostics.empty());  // nothing left free
    const double crankRadius = 35, rod = 140;
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const Vec2 engine = anchorAt(*script, frame, "Engine", "P");
        CHECK(engine.x == Approx(60).margin(1e-6));
        CHECK(engine.y == Approx(180).margin(1e-6));
        CHECK(std::remainder(frame.poses[size_t(script->thingIndex("Engine"))].angle,
                             2 * std::numbers::pi) == Approx(0).margin(1e-8));
        const Vec2 pin = anchorAt(*script, frame, "Crank", "Q");
        const Vec2 hub = anchorAt(*script, frame, "Crank", "P");
        CHECK(hub.x == Approx(390).margin(1e-6));
        CHECK(hub.y == Approx(180).margin(1e-6));
        // Horizontal while it waits, on the side the solve chose for `[c,0]`, then turning.
        const double angle = std::numbers::pi * std::max(frame.time - 1, 0.0);
        const double sign =
            (anchorAt(*script, animation.frames[25], "Crank", "Q") - hub).x > 0 ? 1 : -1;
        CHECK(pin.x == Approx(390 + sign * crankRadius * std::cos(angle)).margin(1e-6));
        CHECK(pin.y == Approx(180 + sign * crankRadius * std::sin(angle)).margin(1e-6));
        CHECK((anchorAt(*script, frame, "Conrod", "P") - pin).length() == Approx(0).margin(1e-6));
        const Vec2 wrist = anchorAt(*script, frame, "Piston", "P");
        CHECK(wrist.y == Approx(180).margin(1e-6));
        CHECK(wrist.x ==
              Approx(pin.x - std::sqrt(rod * rod - (pin.y - 180) * (pin.y - 180))).margin(1e-6));
        CHECK(anchorAt(*script, frame, "Conrod", "Q").x == Approx(wrist.x).margin(1e-6));
        CHECK(std::remainder(frame.poses[size_t(script->thingIndex("Piston"))].angle,
                             2 * std::numbers::pi) == Approx(0).margin(1e-8));
    }
}
