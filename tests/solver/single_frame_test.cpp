// One frame solved out of order (solver/api/single_frame.h), as the editor does for the playhead
// after an edit: started from the same frame of the script before the edit, it lands where the
// closed form of the edited crank-slider says, on the branch `x < Crank.P.x` asks for, and equals
// the frame the in-order solve reaches.

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <set>
#include <sstream>
#include <string>

#include "script_text.h"
#include "solver/api/single_frame.h"

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

namespace {

bool same(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

bool same(const Vec2& a, const Vec2& b) {
    return same(a.x, b.x) && same(a.y, b.y);
}

bool same(const TurnedAngle& a, const TurnedAngle& b) {
    return a.expression == b.expression && same(a.value, b.value);
}

bool same(const Pose& a, const Pose& b) {
    return same(a.x, b.x) && same(a.y, b.y) && same(a.angle, b.angle);
}

template <class T>
bool same(const std::vector<T>& a, const std::vector<T>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (!same(a[i], b[i])) return false;
    return true;
}

}  // namespace

TEST_CASE("the frame solved ahead equals the in-order frame, bit for bit, in every sample",
          "[solver][single][samples]") {
    // The editor's playhead path with an edit that changed nothing: the ahead frame starts from
    // the in-order frame and must be finished the same way (poses, velocities, pivots, elements).
    const std::string folder = MOVIMENTUM_SOURCE_DIR "/samples";
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".movimentum") continue;
        std::ifstream in(entry.path());
        std::ostringstream text;
        text << in.rdbuf();
        const auto script = compileText(text.str(), folder);
        const Animation animation = solveAnimation(script);
        const int count = int(animation.frames.size());
        REQUIRE(count > 0);
        std::set<int> indices{0, 1, count / 3, count / 2, count - 1};
        for (const Segment& segment : animation.plan.segments)
            if (segment.firstFrame < count) indices.insert(segment.firstFrame);
        for (int index : indices) {
            if (index >= count) continue;
            const FrameSolution& inOrder = animation.frames[size_t(index)];
            const FrameSolution ahead = solveSingleFrame(
                *script, animation.plan, index, carryOver(*script, script.get(), &inOrder));
            INFO(entry.path().filename().string() << ", frame " << index);
            CHECK(ahead.index == inOrder.index);
            CHECK(ahead.failed == inOrder.failed);
            CHECK(same(ahead.poses, inOrder.poses));
            CHECK(same(ahead.variables, inOrder.variables));
            CHECK(same(ahead.angles, inOrder.angles));
            CHECK(same(ahead.poseVelocities, inOrder.poseVelocities));
            CHECK(same(ahead.poseAccelerations, inOrder.poseAccelerations));
            CHECK(same(ahead.variableVelocities, inOrder.variableVelocities));
            CHECK(same(ahead.variableAccelerations, inOrder.variableAccelerations));
            CHECK(same(ahead.pivots, inOrder.pivots));
            REQUIRE(ahead.elements.size() == inOrder.elements.size());
            for (size_t e = 0; e < ahead.elements.size(); ++e) {
                CHECK(same(ahead.elements[e], inOrder.elements[e]));
                CHECK(same(ahead.elementVelocities[e], inOrder.elementVelocities[e]));
                CHECK(same(ahead.elementAccelerations[e], inOrder.elementAccelerations[e]));
            }
        }
    }
}
