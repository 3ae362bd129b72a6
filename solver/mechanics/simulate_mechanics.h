#pragma once
// Mechanics (docs/reference.md#mechanics): integrates the states of the script's elements over the
// whole timeline, independently of the kinematics, and samples them at every frame's time. The
// kinematic solve then reads them as per-frame inputs.

#include <atomic>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"
#include "solver/api/solve_options.h"

namespace mv {

class SegmentModelStore;  // solver/kinematics/segment_model_store.h

struct MechanicsResult {
    // One per frame of the plan (or of its leading frames asked for). When the simulation stops
    // early (a state that is not a number, too many reflections between two frames) the later
    // frames repeat the last state reached.
    std::vector<ElementStates> frames;
    // d/dT and d²/dT² of every state at each frame, beside `frames` (the kinematics reads them for
    // the velocities of things placed from states).
    std::vector<ElementStates> rates;
    std::vector<ElementStates> accelerations;
    std::vector<Diagnostic> diagnostics;
    bool cancelled = false;  // then `frames` holds only the frames reached before the stop
    int events = 0;          // reflections and ends of resting contacts handled
    // The work done, in the unit of the work budget (solver/mechanics/work_budget.h): evaluations
    // of the equations of motion, the guards and the regions, and the machine's solves weighed.
    long evaluations = 0;
    // Steps that would have ended with a point beyond a wall by more than 1e-9 (guard units),
    // caught by the check after the event scan and cut at the crossing instead of accepted.
    int leaks = 0;
};

// `cancel` may be null; when it becomes true the integration stops and returns what it has.
// `endFrame` >= 0 simulates only the frames before it (what a partial solve shows), -1 all.
// `options` are those of the solves of the machine's parts that pivots and walls read; `models`
// (may be null) are the segments' models the animation will solve with, read to find those parts.
MechanicsResult simulateMechanics(const Script& script, const FramePlan& plan,
                                  const std::atomic<bool>* cancel = nullptr, int endFrame = -1,
                                  const SolveOptions& options = {},
                                  SegmentModelStore* models = nullptr);

}  // namespace mv
