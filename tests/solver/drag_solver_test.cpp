// The editor's drag (solver/drag/): the gripped point is pulled toward the mouse while every
// constraint still holds. Checked against geometry that needs no solver: a free crank's pin goes
// to the point of its circle nearest the mouse and the four-bar it drives stays closed; the pump's
// crank hub, placed by `Crank.P = Engine.P + [330,0]`, goes to the mouse and those two numbers
// become what places it there; a point a constraint computes does not move.

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <sstream>

#include "script_text.h"
#include "solver/api/animation.h"
#include "solver/api/drag_solver.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

const Vec2 kHub{200, 100}, kRockerPivot{330, 100};
constexpr double kCrank = 40, kCoupler = 120, kRocker = 100;

// A four-bar on its upper branch (the rocker tip above its pivot) whose crank is held at 60° for
// half a second and then let go (`Crank.Q = _`): from there one degree of freedom, which the drag
// uses.
const char* kFreeFourBar = R"(.config(25, 400, 300);
Crank   : .bar P = [0,0] Q = [40,0];
Coupler : .bar A = [0,0] B = [120,0];
Rocker  : .bar P = [0,0] Q = [100,0];
@0   Crank.P = [200,100]; Crank.Q = Crank.P + [40,0].rotate(60°);
     Coupler.A = Crank.Q;
     Rocker.P = [330,100]; Rocker.Q = Coupler.B;
     Coupler.B.y > 100;
@0.5 Crank.Q = _;
@1
)";

Grip gripOn(const Script& script, const char* thing, const char* anchor) {
    const ThingId id{script.thingIndex(thing)};
    const int a = script.things[id].anchorIndex(anchor);
    return {id, a, script.things[id].anchors[size_t(a)].local};
}

std::string written(const Script& script, const WrittenNumber& number) {
    return std::string(script.source->slice(number.range));
}

}  // namespace

TEST_CASE("a dragged crank pin moves along its circle and the four-bar follows", "[solver][drag]") {
    const auto script = compileText(kFreeFourBar);
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.failedFrames() == 0);
    DragSolver drag(script, animation.plan, animation.frames.back(), gripOn(*script, "Crank", "Q"));
    CHECK(drag.source().numbers.empty());  // the pin is computed: `Coupler.A = Crank.Q` holds it
    REQUIRE(drag.source().constraint);
    CHECK(script->source->slice(script->constraints[*drag.source().constraint].range) ==
          "Coupler.A = Crank.Q");
    // Far above the hub, then to the upper left: the pin goes to the nearest point of its circle.
    for (const Vec2 mouse : {Vec2{200, 290}, Vec2{120, 180}, Vec2{230, 60}}) {
        INFO("mouse " << mouse.x << ", " << mouse.y);
        const FrameSolution frame = drag.pullTo(mouse);
        CHECK_FALSE(frame.failed);
        const Vec2 pin = anchorAt(*script, frame, "Crank", "Q");
        const Vec2 hub = anchorAt(*script, frame, "Crank", "P");
        CHECK(hub.x == Approx(kHub.x).margin(1e-9));
        CHECK(hub.y == Approx(kHub.y).margin(1e-9));
        const Vec2 toward = (mouse - kHub) * (kCrank / (mouse - kHub).length());
        CHECK(pin.x == Approx(kHub.x + toward.x).margin(1e-6));
        CHECK(pin.y == Approx(kHub.y + toward.y).margin(1e-6));
        // The loop is closed: the coupler spans pin to rocker tip, the rocker turns about its
        // pivot.
        const Vec2 tip = anchorAt(*script, frame, "Rocker", "Q");
        CHECK((anchorAt(*script, frame, "Coupler", "A") - pin).length() == Approx(0).margin(1e-9));
        CHECK((anchorAt(*script, frame, "Coupler", "B") - tip).length() == Approx(0).margin(1e-9));
        CHECK((tip - pin).length() == Approx(kCoupler).margin(1e-9));
        CHECK((tip - kRockerPivot).length() == Approx(kRocker).margin(1e-9));
        CHECK(tip.y > 100);
        CHECK(drag.gripPosition().x == Approx(pin.x).margin(1e-12));
    }
}

TEST_CASE("dragging the pump's crank hub moves the numbers that place it", "[solver][drag]") {
    const auto script = compileText(pumpText(), MOVIMENTUM_SOURCE_DIR "/samples");
    SolveOptions options;
    options.endFrame = 41;
    const Animation animation = solveAnimation(script, options);
    const FrameSolution& shown = animation.frames[40];  // 1.6 s: the crank is turning
    DragSolver drag(script, animation.plan, shown, gripOn(*script, "Crank", "P"));
    REQUIRE(drag.source().numbers.size() == 2);
    CHECK(written(*script, drag.source().numbers[0]) == "330");
    CHECK(written(*script, drag.source().numbers[1]) == "0");
    const Vec2 mouse{420, 200};
    const FrameSolution frame = drag.pullTo(mouse);
    CHECK_FALSE(frame.failed);
    CHECK(frame.variables.size() == script->variables.size());
    const Vec2 hub = anchorAt(*script, frame, "Crank", "P");
    CHECK(hub.x == Approx(mouse.x).margin(1e-6));
    CHECK(hub.y == Approx(mouse.y).margin(1e-6));
    // Engine.P = [60,180] stays, so the numbers are the hub's offset from it.
    const std::vector<double> numbers = drag.numberValues();
    CHECK(numbers[0] == Approx(360).margin(1e-6));
    CHECK(numbers[1] == Approx(20).margin(1e-6));
    const Vec2 engine = anchorAt(*script, frame, "Engine", "P");
    CHECK(engine.x == Approx(60).margin(1e-9));
    CHECK(engine.y == Approx(180).margin(1e-9));
    // The rest follows: the crank keeps its angle at this time, so its pin keeps its offset from
    // the hub; the rod joins pin and wrist pin, the wrist pin stays on the cylinder's axis.
    const Vec2 pin = anchorAt(*script, frame, "Crank", "Q");
    const Vec2 arm =
        anchorAt(*script, shown, "Crank", "Q") - anchorAt(*script, shown, "Crank", "P");
    CHECK(pin.x == Approx(mouse.x + arm.x).margin(1e-6));
    CHECK(pin.y == Approx(mouse.y + arm.y).margin(1e-6));
    CHECK(frame.poses[1].angle == Approx(shown.poses[1].angle).margin(1e-9));
    CHECK((anchorAt(*script, frame, "Conrod", "P") - pin).length() == Approx(0).margin(1e-9));
    const Vec2 wrist = anchorAt(*script, frame, "Piston", "P");
    CHECK(wrist.y == Approx(180).margin(1e-9));
    CHECK((wrist - pin).length() == Approx(140).margin(1e-9));
    CHECK(wrist.x < hub.x);
}

TEST_CASE("a point a constraint computes does not move, and its constraint is named",
          "[solver][drag]") {
    const auto script = compileText(pumpText(), MOVIMENTUM_SOURCE_DIR "/samples");
    SolveOptions options;
    options.endFrame = 41;
    const Animation animation = solveAnimation(script, options);
    const FrameSolution& shown = animation.frames[40];
    DragSolver drag(script, animation.plan, shown, gripOn(*script, "Conrod", "P"));
    CHECK(drag.source().numbers.empty());
    REQUIRE(drag.source().constraint);
    CHECK(script->source->slice(script->constraints[*drag.source().constraint].range) ==
          "Conrod.P = Crank.Q");
    const Vec2 before = anchorAt(*script, shown, "Conrod", "P");
    const FrameSolution frame = drag.pullTo(before + Vec2{50, 50});
    CHECK_FALSE(frame.failed);
    const Vec2 after = anchorAt(*script, frame, "Conrod", "P");
    CHECK(after.x == Approx(before.x).margin(1e-9));
    CHECK(after.y == Approx(before.y).margin(1e-9));
}

TEST_CASE("a thing's defining position: the engine's body is placed by [60,180]",
          "[solver][drag]") {
    const auto script = compileText(pumpText(), MOVIMENTUM_SOURCE_DIR "/samples");
    const FramePlan plan = planFrames(*script);
    const ThingId engine{script->thingIndex("Engine")};
    const DragSource source =
        findDragSource(*script, plan.segments.back(), {engine, -1, Vec2{100, -40}});
    REQUIRE(source.numbers.size() == 2);
    CHECK(written(*script, source.numbers[0]) == "60");
    CHECK(written(*script, source.numbers[1]) == "180");
    // Engine.Q's own constraint has no vector of two numbers (`[_,0]`): it is computed.
    const DragSource q =
        findDragSource(*script, plan.segments.back(), gripOn(*script, "Engine", "Q"));
    CHECK(q.numbers.empty());
    REQUIRE(q.constraint);
    CHECK(script->source->slice(script->constraints[*q.constraint].range) ==
          "Engine.Q = Engine.P+[_,0]");
}
