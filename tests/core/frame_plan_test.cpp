#include <catch2/catch.hpp>

#include "core/model/frame_plan.h"
#include "step_builder.h"

using namespace mv;
using mv::test::constraintIds;
using mv::test::ScriptBuilder;

namespace {

std::vector<ConstraintId> activeAt(const FramePlan& plan, int frame) {
    return plan.segments[plan.frames[frame].segment].constraints;
}

}  // namespace

TEST_CASE("Frames at 1 fps over markers that fall between frames", "[plan]") {
    // Steps:   0     1     2       3       4       5       6       7
    // marker:  10    11    12.3    12.5    12.7    13.5    15.5    16
    const Script script = ScriptBuilder()
                              .fps(1)
                              .step(10)
                              .constraint("a")
                              .constraint("")  // 0: a, 1: unkeyed
                              .step(11)
                              .constraint("a")  // 2 replaces 0
                              .step(12.3)
                              .constraint("c")  // 3
                              .step(12.5)
                              .step(12.7)
                              .constraint("c", true)  // 4 frees c
                              .step(13.5)
                              .constraint("d")  // 5
                              .step(15.5)
                              .step(16)
                              .constraint("a")  // 6 replaces 2
                              .build();
    const FramePlan plan = planFrames(script);
    REQUIRE(plan.frames.size() == 7);
    const double expected[7][4] = {
        // T, t, iv, step
        {10, 0, 1, 0},   {11, 0, 1.3, 1}, {12, 1, 1.3, 1}, {13, 0.3, 0.8, 4},
        {14, 0.5, 2, 5}, {15, 1.5, 2, 5}, {16, 0, 0, 7},
    };
    for (int k = 0; k < 7; ++k) {
        INFO("frame " << k);
        CHECK(plan.frames[k].index == k);
        CHECK(plan.frames[k].time == Approx(expected[k][0]));
        CHECK(plan.frames[k].t == Approx(expected[k][1]).margin(1e-12));
        CHECK(plan.frames[k].iv == Approx(expected[k][2]));
        CHECK(plan.frames[k].step == int(expected[k][3]));
    }
    CHECK(activeAt(plan, 0) == constraintIds({0, 1}));
    CHECK(activeAt(plan, 1) == constraintIds({1, 2}));
    CHECK(activeAt(plan, 2) == constraintIds({1, 2}));
    // c was added at 12.3 and freed at 12.7; frame 13 is back to the set of frame 12.
    CHECK(activeAt(plan, 3) == constraintIds({1, 2}));
    CHECK(activeAt(plan, 4) == constraintIds({1, 2, 5}));
    CHECK(activeAt(plan, 5) == constraintIds({1, 2, 5}));
    CHECK(activeAt(plan, 6) == constraintIds({1, 5, 6}));

    REQUIRE(plan.segments.size() == 4);
    CHECK(plan.segments[0].firstFrame == 0);
    CHECK(plan.segments[0].endFrame == 1);
    CHECK(plan.segments[1].firstFrame == 1);
    CHECK(plan.segments[1].endFrame == 4);
    CHECK(plan.segments[1].firstStep == 1);
    CHECK(plan.segments[2].firstFrame == 4);
    CHECK(plan.segments[2].endFrame == 6);
    CHECK(plan.segments[3].firstFrame == 6);
    CHECK(plan.segments[3].endFrame == 7);
    CHECK(plan.frames[3].segment == 1);
}

TEST_CASE("A frame on a marker belongs to the new step despite rounding", "[plan]") {
    // 0.1 * 3 is 0.30000000000000004 in doubles; frame 3 at 10 fps is still on the 0.3 marker.
    const Script script =
        ScriptBuilder().fps(10).step(0).step(0.1 * 3).step(0.5).constraint("a").build();
    const FramePlan plan = planFrames(script);
    REQUIRE(plan.frames.size() == 6);
    CHECK(plan.frames[2].step == 0);
    CHECK(plan.frames[3].step == 1);
    CHECK(plan.frames[3].t == 0);
    CHECK(plan.frames[5].step == 2);
    CHECK(plan.frames[5].time == Approx(0.5));
}

TEST_CASE("Frame times come from the index, and the last frame is at the last marker", "[plan]") {
    const Script script = ScriptBuilder().fps(25).step(0).step(1.01).build();
    const FramePlan plan = planFrames(script);
    // ceil(1.01 * 25) = 26: frames 0..26; the last would be at 1.04 s, past the marker, and is
    // solved at the marker: its time says so.
    REQUIRE(plan.frames.size() == 27);
    CHECK(plan.frames[25].time == 25 / 25.0);
    CHECK(plan.frames[26].time == 1.01);
    CHECK(plan.frames[25].step == 0);
    CHECK(plan.frames[25].iv == Approx(1.01));
    // The closing marker opens no step: the last frame ends step 0 at t = its length, 1.01, not
    // at its own time since the marker, 1.04.
    CHECK(plan.frames[26].step == 0);
    CHECK(plan.frames[26].t == Approx(1.01));
    CHECK(plan.frames[26].iv == Approx(1.01));
    REQUIRE(plan.segments.size() == 1);  // no constraints at all: one set
    CHECK(plan.segments[0].endFrame == 27);
}

TEST_CASE("A closing marker keeps the last frame in the step before it", "[plan]") {
    // The timeline of the 7-frame example above without the constraint at 16: the marker at 16
    // closes the animation, and frame 6 ends the step at 15.5 instead of starting step 7.
    const Script script = ScriptBuilder()
                              .fps(1)
                              .step(10)
                              .constraint("a")
                              .constraint("")
                              .step(11)
                              .constraint("a")
                              .step(12.3)
                              .constraint("c")
                              .step(12.5)
                              .step(12.7)
                              .constraint("c", true)
                              .step(13.5)
                              .constraint("d")
                              .step(15.5)
                              .step(16)
                              .build();
    const FramePlan plan = planFrames(script);
    REQUIRE(plan.frames.size() == 7);
    const Frame& last = plan.frames[6];
    CHECK(last.time == Approx(16));
    CHECK(last.step == 6);
    CHECK(last.t == Approx(0.5));
    CHECK(last.iv == Approx(0.5));
    // Step 6 changes nothing, so the last frame stays in the segment of the frames before it.
    CHECK(last.segment == plan.frames[5].segment);
    CHECK(activeAt(plan, 6) == constraintIds({1, 2, 5}));
    REQUIRE(plan.segments.size() == 3);
    CHECK(plan.segments.back().firstFrame == 4);
    CHECK(plan.segments.back().endFrame == 7);
}

TEST_CASE("Under a closing marker t runs to the step's length", "[plan]") {
    // [c,0].rotate(90° * t) over @+2 at 1 fps: t runs 0, 1, 2 and the motion ends at 180°.
    const FramePlan plan =
        planFrames(ScriptBuilder().fps(1).step(0).constraint("a").step(2).build());
    REQUIRE(plan.frames.size() == 3);
    for (int k = 0; k < 3; ++k) {
        INFO("frame " << k);
        CHECK(plan.frames[k].step == 0);
        CHECK(plan.frames[k].t == Approx(k));
        CHECK(plan.frames[k].iv == Approx(2));
        CHECK(plan.frames[k].segment == 0);
    }
    REQUIRE(plan.segments.size() == 1);
}

TEST_CASE("A last marker with statements starts a step of its own", "[plan]") {
    // Nothing new is constrained at 2 (the key is the same), yet the marker has a statement: the
    // last frame is a still frame of step 1 with t = iv = 0.
    const FramePlan plan =
        planFrames(ScriptBuilder().fps(1).step(0).constraint("a").step(2).constraint("a").build());
    REQUIRE(plan.frames.size() == 3);
    CHECK(plan.frames[1].step == 0);
    CHECK(plan.frames[2].step == 1);
    CHECK(plan.frames[2].t == 0);
    CHECK(plan.frames[2].iv == 0);
    REQUIRE(plan.segments.size() == 2);
    CHECK(plan.frames[2].segment == 1);
}

TEST_CASE("A last marker with only a reset starts a step of its own", "[plan]") {
    Script script = ScriptBuilder().fps(1).step(0).constraint("a").step(2).build();
    script.resets.push_back({ElementId{0}, 0, nullptr, 1, {}});
    script.steps.back().resets.push_back(0);
    const FramePlan plan = planFrames(script);
    REQUIRE(plan.frames.size() == 3);
    CHECK(plan.frames[2].step == 1);
    CHECK(plan.frames[2].t == 0);
    CHECK(plan.frames[2].iv == 0);
}

TEST_CASE("A lone empty marker is a still frame of its own step", "[plan]") {
    const FramePlan plan = planFrames(ScriptBuilder().step(3).build());
    REQUIRE(plan.frames.size() == 1);
    CHECK(plan.frames[0].step == 0);
    CHECK(plan.frames[0].t == 0);
    CHECK(plan.frames[0].iv == 0);
}

TEST_CASE("One marker gives one still frame, none gives none", "[plan]") {
    const FramePlan one = planFrames(ScriptBuilder().step(3).constraint("x").build());
    REQUIRE(one.frames.size() == 1);
    CHECK(one.frames[0].time == 3);
    CHECK(one.frames[0].t == 0);
    CHECK(one.frames[0].iv == 0);
    REQUIRE(one.segments.size() == 1);
    CHECK(one.segments[0].constraints == constraintIds({0}));
    const FramePlan none = planFrames(ScriptBuilder().build());
    CHECK(none.frames.empty());
    CHECK(none.segments.empty());
}

TEST_CASE("Markers at one time: the frame belongs to the last of them", "[plan]") {
    const Script script = ScriptBuilder()
                              .fps(2)
                              .step(0)
                              .constraint("a")
                              .step(1)
                              .constraint("a")
                              .step(1)
                              .constraint("b")
                              .build();
    const FramePlan plan = planFrames(script);
    REQUIRE(plan.frames.size() == 3);
    CHECK(plan.frames[2].step == 2);
    CHECK(plan.frames[1].iv == Approx(1));
    CHECK(activeAt(plan, 2) == constraintIds({1, 2}));
}

TEST_CASE("A closing marker at the time of the marker before it", "[plan]") {
    // The step at 1 lasts no time: the last frame is its still frame, t = iv = 0, not a frame of
    // the closing step.
    const FramePlan plan = planFrames(
        ScriptBuilder().fps(2).step(0).constraint("a").step(1).constraint("b").step(1).build());
    REQUIRE(plan.frames.size() == 3);
    CHECK(plan.frames[2].step == 1);
    CHECK(plan.frames[2].t == 0);
    CHECK(plan.frames[2].iv == 0);
    CHECK(activeAt(plan, 2) == constraintIds({0, 1}));
}
