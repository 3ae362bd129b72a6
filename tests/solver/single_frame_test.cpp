// One frame solved out of order (solver/single_frame.h), as the editor does for the playhead after
// an edit: started from the same frame of the script before the edit, it lands where the closed
// form of the edited crank-slider says, on the branch `x < Crank.P.x` asks for, and equals the
// frame the in-order solve reaches.

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <string>

#include "script_text.h"
#include "solver/single_frame.h"

using namespace mv;
using mv::kinematics_test::anchorAt;
using mv::kinematics_test::compileText;

namespace {

// A crank of 30 about [px, 150] turning 180° per second, a rod of 100 to a slider on y = 150.
std::string crankSlider(int px) {
    return ".config(25, 640, 360);\n"
           "Crank : .bar P = [0,0] Q = [30,0];\n"
           "Rod : .bar A = [0,0] B = [100,0];\n"
           "@0 Crank.P = [" +
           std::to_string(px) +
           ",150]; Crank.Q = Crank.P + [c,0].rotate(180° * t);\n"
           "   Rod.A = Crank.Q; Rod.B = [x, 150]; x < Crank.P.x;\n"
           "@4\n";
}

}  // namespace

TEST_CASE("a frame solved ahead from the frame before an edit meets the closed form",
          "[solver][single]") {
    const auto before = compileText(crankSlider(200));
    const auto after = compileText(crankSlider(205));
    const Animation old = solveAnimation(before);
    const Animation edited = solveAnimation(after);
    REQUIRE(edited.frames.size() == 101);
    for (int index : {1, 37, 80, 100}) {
        const FrameSolution start = carryOver(*after, before.get(), &old.frames[size_t(index)]);
        const FrameSolution frame = solveSingleFrame(*after, edited.plan, index, start);
        INFO("frame " << index);
        REQUIRE_FALSE(frame.failed);
        CHECK(frame.index == index);
        const double angle = std::numbers::pi * index / 25.0;
        const Vec2 pin = anchorAt(*after, frame, "Crank", "Q");
        CHECK(pin.x == Approx(205 + 30 * std::cos(angle)).margin(1e-6));
        CHECK(pin.y == Approx(150 + 30 * std::sin(angle)).margin(1e-6));
        const Vec2 slider = anchorAt(*after, frame, "Rod", "B");
        const double dy = pin.y - 150;
        CHECK(slider.x == Approx(pin.x - std::sqrt(100 * 100 - dy * dy)).margin(1e-6));
        CHECK(slider.y == Approx(150).margin(1e-6));
        const Vec2 inOrder = anchorAt(*after, edited.frames[size_t(index)], "Rod", "B");
        CHECK(slider.x == Approx(inOrder.x).margin(1e-6));
    }
}

TEST_CASE("carrying a frame over matches things by name and starts new ones afresh",
          "[solver][single]") {
    const auto before = compileText(crankSlider(200));
    const auto after = compileText(
        ".config(25, 640, 360);\n"
        "Extra : .bar P = [0,0] Q = [5,0];\n" +
        crankSlider(200).substr(23));
    const Animation old = solveAnimation(before);
    const FrameSolution start = carryOver(*after, before.get(), &old.frames[40]);
    REQUIRE(start.poses.size() == 3);
    CHECK(start.poses[0].x == after->things[0].initialPose.x);  // Extra: its initial pose
    const int crank = after->thingIndex("Crank");
    CHECK(start.poses[size_t(crank)].angle == old.frames[40].poses[0].angle);
    CHECK(start.variables.size() == after->variables.size());
    // Without a frame before, the initial poses.
    const FrameSolution fresh = carryOver(*after, nullptr, nullptr);
    CHECK(fresh.poses[size_t(crank)].x == after->things[size_t(crank)].initialPose.x);
}
