#pragma once
// The animation: every frame of a script solved, in order. This is the solver's public face; Ceres
// stays behind it in the .cpp files.

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/animation_frames.h"
#include "solver/api/conflict_causes.h"
#include "solver/api/solve_options.h"

namespace mv {

struct Animation {
    std::shared_ptr<const Script> script;
    FramePlan plan;
    AnimationFrames frames;               // in frame order, a chunk per segment
    std::vector<Diagnostic> diagnostics;  // script-wide: free degrees of freedom, mechanics
    std::vector<ConflictCause> causes;    // why frames failed, by constraint in source order
    bool cancelled = false;

    int failedFrames() const;
};

class AnimationCache;  // reuses the solved leading segments of an earlier run;
                       // solver/api/animation_cache.h

struct SolveHooks {
    const std::atomic<bool>* cancel = nullptr;          // checked between frames
    std::function<void(const FrameSolution&)> onFrame;  // called as each frame is solved
    AnimationCache* cache = nullptr;                    // may be null
};

// "the constraint on line 14 is off by 0.5": a failed frame's first reason, for a status line.
std::string describeOff(const Script& script, const FrameSummary::Off& off);

Animation solveAnimation(std::shared_ptr<const Script> script, const SolveOptions& options = {},
                         const SolveHooks& hooks = {});

}  // namespace mv
