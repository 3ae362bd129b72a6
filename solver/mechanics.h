#pragma once
// Mechanics (LANGUAGE.md §8): integrates the states of the script's elements over the whole
// timeline, independently of the kinematics, and samples them at every frame's time. The kinematic
// solve then reads them as per-frame inputs.

#include <atomic>
#include <vector>

#include "core/diagnostic.h"
#include "core/frame_plan.h"
#include "core/script.h"
#include "solver/frame_solution.h"

namespace mv {

struct MechanicsResult {
    std::vector<ElementStates> frames;  // one per frame of the plan
    std::vector<Diagnostic> diagnostics;
    bool cancelled = false;
};

// `cancel` may be null; when it becomes true the integration stops and returns what it has.
MechanicsResult simulateMechanics(const Script& script, const FramePlan& plan,
                                  const std::atomic<bool>* cancel = nullptr);

}  // namespace mv
