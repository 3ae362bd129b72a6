#pragma once
// What the editor shows: the script being displayed, its frame plan and the frames solved so far
// (a prefix of the plan, growing while the solver works), and possibly one frame solved ahead of
// them: the playhead's, solved first after an edit (solver/api/single_frame.h). Lives on the GUI
// thread only; the live preview fills it from immutable snapshots that the worker sends through
// queued signals.

#include <memory>
#include <optional>
#include <vector>

#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/animation.h"
#include "solver/api/animation_frames.h"

namespace mv {

struct PreviewAnimation {
    std::shared_ptr<const Script> script;  // null before the first successful compile
    FramePlan plan;
    // The frames as they stream in from the solver (the worker's batches, shared), until the whole
    // animation is solved; then empty, and the frames are the animation's, whose chunks the
    // solver's cache shares: the editor holds each frame once.
    AnimationFrames streamed;
    // Shown until the in-order solve reaches its index, which then takes its place.
    std::optional<FrameSolution> ahead;
    // Set once the whole animation is solved; then `animation` holds it, for export too.
    bool complete = false;
    std::shared_ptr<const Animation> animation;

    // Frames [0, solvedCount()) in order.
    const AnimationFrames& solved() const {
        if (complete && animation) return animation->frames;
        return streamed;
    }
    int frameCount() const { return static_cast<int>(plan.frames.size()); }
    int solvedCount() const { return static_cast<int>(solved().size()); }
    const FrameSolution* frame(int index) const {
        if (index >= 0 && index < solvedCount()) return &solved()[size_t(index)];
        return ahead && ahead->index == index ? &*ahead : nullptr;
    }
};

}  // namespace mv
