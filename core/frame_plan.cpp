#include "core/frame_plan.h"

#include <algorithm>
#include <cmath>

#include "core/constraint_store.h"

namespace mv {

namespace {

// The last step whose marker is at or before `time` (within the tolerance), searching on from
// `from` since frames come in time order.
int stepAt(const Script& script, double time, int from) {
    int step = from;
    const int count = static_cast<int>(script.steps.size());
    while (step + 1 < count && script.steps[step + 1].time <= time + kTimeTolerance) ++step;
    return step;
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
    int step = 0;
    for (int k = 0; k <= lastFrame; ++k) {
        Frame frame;
        frame.index = k;
        frame.time = first + k / fps;
        step = stepAt(script, frame.time, step);
        frame.step = step;
        const double marker = script.steps[step].time;
        frame.t = std::abs(frame.time - marker) <= kTimeTolerance ? 0 : frame.time - marker;
        frame.iv = step + 1 < stepCount ? script.steps[step + 1].time - marker : 0;
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
