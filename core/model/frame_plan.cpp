#include "core/model/frame_plan.h"

#include <algorithm>
#include <cmath>

#include "core/model/constraint_store.h"

namespace mv {

namespace {

// The last step below `count` whose marker is at or before `time` (within the tolerance),
// searching on from `from` since frames come in time order.
int stepAt(const Script& script, double time, int from, int count) {
    int step = from;
    while (step + 1 < count && script.steps[step + 1].time <= time + kTimeTolerance) ++step;
    return step;
}

// A last marker without statements closes the animation (docs/reference.md#frames-and-time): it
// marks where the step before it ends, and opens no step of its own. A lone marker has no step
// before it.
bool endsWithClosingMarker(const Script& script) {
    const Step& last = script.steps.back();
    return script.steps.size() > 1 && last.constraints.empty() && last.resets.empty();
}

}  // namespace

FramePlan planFrames(const Script& script) {
    FramePlan plan;
    if (script.steps.empty() || !(script.config.fps > 0)) return plan;
    const double first = script.steps.front().time;
    const double last = script.steps.back().time;
    const double fps = script.config.fps;
    const double frames = std::ceil((last - first) * fps - kTimeTolerance);
    if (!(frames < kMaxFrames)) return plan;
    const int lastFrame = std::max(0, static_cast<int>(frames));
    const ConstraintStore store(script);
    const int stepCount = static_cast<int>(script.steps.size());
    // Steps that frames can belong to: all of them, or all but a closing marker, whose frame
    // stays in the step before so that a motion ends where it was going (`t` = the step's
    // length) instead of snapping back to its start with `t` = 0.
    const bool closing = endsWithClosingMarker(script);
    const int frameSteps = closing ? stepCount - 1 : stepCount;
    int step = 0;
    for (int k = 0; k <= lastFrame; ++k) {
        Frame frame;
        frame.index = k;
        frame.time = first + k / fps;
        step = stepAt(script, frame.time, step, frameSteps);
        frame.step = step;
        const double marker = script.steps[step].time;
        frame.iv = step + 1 < stepCount ? script.steps[step + 1].time - marker : 0;
        if (closing && k == lastFrame) {
            // At the closing marker exactly, even when the frame's place in the frame rate falls
            // a little past it because the markers are not a whole number of frames apart: `t`
            // is the step's length, and the time reported is the time solved.
            frame.t = frame.iv;
            frame.time = last;
        } else {
            frame.t = std::abs(frame.time - marker) <= kTimeTolerance ? 0 : frame.time - marker;
        }
        const bool newSegment =
            plan.frames.empty() || !store.shareActiveSet(plan.frames.back().step, step);
        if (newSegment) {
            if (!plan.segments.empty()) plan.segments.back().endFrame = k;
            plan.segments.push_back({k, k + 1, step, store.active(step)});
        }
        frame.segment = static_cast<int>(plan.segments.size()) - 1;
        plan.frames.push_back(frame);
    }
    plan.segments.back().endFrame = lastFrame + 1;
    return plan;
}

}  // namespace mv
