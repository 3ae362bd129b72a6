// The animation around the solver: the cache reuses unchanged leading segments after an edit, a
// cancel stops between frames, frames are handed out in order as they are solved, and endFrame
// stops early.

#include <atomic>
#include <catch2/catch.hpp>
#include <numbers>

#include "expression_builder.h"
#include "solver/api/animation.h"
#include "solver/api/animation_cache.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kPi = std::numbers::pi;

// A crank set up at 0 s, turning from 2 s, then turning at `lastSpeed` from 4 s to 6 s.
std::shared_ptr<const Script> crank(double lastSpeed) {
    ScriptBuilder b;
    const ThingId c = b.thing("Crank", {{"P", {0, 0}}, {"Q", {30, 0}}});
    b.step(0);
    b.equal(b.anchor(c, "P"), vec(200, 150), "Crank.P");
    b.equal(b.anchor(c, "Q"), b.anchor(c, "P") + vec(b.any(), num(0)), "Crank.Q");
    b.step(2);
    b.equal(b.anchor(c, "Q"),
            b.anchor(c, "P") + rotate(vec(b.variable("r"), num(0)), num(kPi) * time()), "Crank.Q");
    b.step(4);
    b.equal(b.anchor(c, "Q"),
            b.anchor(c, "P") + rotate(vec(b.variable("r"), num(0)), num(lastSpeed) * time()),
            "Crank.Q");
    b.step(6);
    return b.build();
}

bool samePoses(const FrameSolution& a, const FrameSolution& b) {
    for (size_t i = 0; i < a.poses.size(); ++i)
        if (a.poses[i].x != b.poses[i].x || a.poses[i].y != b.poses[i].y ||
            a.poses[i].angle != b.poses[i].angle)
            return false;
    return true;
}

}  // namespace

TEST_CASE("an edit near the end reuses the solved beginning from the cache", "[solver][cache]") {
    AnimationCache cache;
    SolveHooks hooks;
    hooks.cache = &cache;
    const Animation first = solveAnimation(crank(kPi), {}, hooks);
    REQUIRE(first.plan.segments.size() == 3);
    CHECK(cache.hits() == 0);

    const Animation edited = solveAnimation(crank(2 * kPi), {}, hooks);
    CHECK(cache.hits() == 2);  // the setup and the first turning segment
    const Animation fresh = solveAnimation(crank(2 * kPi));
    REQUIRE(edited.frames.size() == fresh.frames.size());
    for (size_t f = 0; f < fresh.frames.size(); ++f) {
        INFO("frame " << f);
        CHECK(samePoses(edited.frames[f], fresh.frames[f]));
    }
    // The edited segment is new: the crank turns twice as fast there.
    const FrameSolution& last = edited.frames.back();
    CHECK(std::remainder(last.poses[0].angle - 2 * kPi * last.t, 2 * kPi) ==
          Approx(0).margin(1e-7));

    solveAnimation(crank(2 * kPi), {}, hooks);
    CHECK(cache.hits() == 5);  // nothing changed: all three segments
}

TEST_CASE("a reused segment's frames are the same memory in the cache and both animations",
          "[solver][cache]") {
    AnimationCache cache;
    SolveHooks hooks;
    hooks.cache = &cache;
    const Animation first = solveAnimation(crank(kPi), {}, hooks);
    const Animation edited = solveAnimation(crank(2 * kPi), {}, hooks);
    REQUIRE(first.frames.chunks().size() == 3);  // a chunk per segment
    REQUIRE(edited.frames.chunks().size() == 3);
    // The setup and the first turning segment are shared, not copied; the edited one is new.
    CHECK(edited.frames.chunks()[0] == first.frames.chunks()[0]);
    CHECK(edited.frames.chunks()[1] == first.frames.chunks()[1]);
    CHECK(edited.frames.chunks()[2] != first.frames.chunks()[2]);
    CHECK(&edited.frames[0] == &first.frames[0]);
    CHECK(cache.find(0, 0) == nullptr);  // found only under its key
}

TEST_CASE("frames in chunks read as one sequence", "[solver]") {
    auto chunk = [](int first, int count) {
        std::vector<FrameSolution> frames(static_cast<size_t>(count));
        for (int i = 0; i < count; ++i) frames[size_t(i)].index = first + i;
        return std::make_shared<const std::vector<FrameSolution>>(std::move(frames));
    };
    AnimationFrames frames;
    CHECK(frames.empty());
    CHECK(frames.begin() == frames.end());
    frames.append(chunk(0, 3));
    frames.append(chunk(3, 0));  // an empty chunk adds nothing
    frames.append(chunk(3, 1));
    frames.append(chunk(4, 2));
    REQUIRE(frames.size() == 6);
    CHECK(frames.chunks().size() == 3);
    std::vector<int> seen;
    for (const FrameSolution& frame : frames) seen.push_back(frame.index);
    CHECK(seen == std::vector<int>{0, 1, 2, 3, 4, 5});
    for (size_t i = 0; i < frames.size(); ++i) CHECK(frames[i].index == int(i));
    CHECK(frames.front().index == 0);
    CHECK(frames.back().index == 5);
}

TEST_CASE("a cancel request stops the animation between frames", "[solver][cancel]") {
    std::atomic<bool> cancel{false};
    SolveHooks hooks;
    hooks.cancel = &cancel;
    std::vector<int> seen;
    hooks.onFrame = [&](const FrameSolution& frame) {
        seen.push_back(frame.index);
        if (frame.index == 9) cancel = true;
    };
    const Animation animation = solveAnimation(crank(kPi), {}, hooks);
    CHECK(animation.cancelled);
    CHECK(animation.frames.size() == 10);
    CHECK(seen == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
}

TEST_CASE("endFrame solves only the leading frames", "[solver]") {
    SolveOptions options;
    options.endFrame = 60;
    const Animation animation = solveAnimation(crank(kPi), options);
    CHECK_FALSE(animation.cancelled);
    REQUIRE(animation.frames.size() == 60);
    CHECK(animation.frames.back().index == 59);
}

TEST_CASE("invalid options are a diagnostic, not a crash", "[solver]") {
    SolveOptions options;
    options.tolerance = 0;
    const Animation animation = solveAnimation(crank(kPi), options);
    CHECK(animation.frames.empty());
    REQUIRE(animation.diagnostics.size() == 1);
    CHECK(animation.diagnostics[0].severity == Severity::Error);
}
