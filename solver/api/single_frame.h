#pragma once
// One frame solved out of order: the frame under the editor's playhead right after an edit, shown
// before the in-order solve (where every frame follows the one before it) reaches it. It starts
// from a guess, the same frame of the animation before the edit carried over to the new script,
// and is followed from there to the new constraints along the homotopy a new segment starts with
// (solver/kinematics/segment_solver.h), so a small edit keeps the machine on the branch it was on.
// The in-order frame replaces it when it arrives; the two agree unless the edit moved the machine
// to another branch, or the path to the frame depends on the frames before it (a dead centre).

#include <atomic>

#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"
#include "solver/api/solve_options.h"

namespace mv {

// A starting point for `script`: from `frame`, a solution of `before` (an earlier version of the
// script), the poses of the things and the values of the variables with the same names (anonymous
// variables by their order, when there are as many); the initial poses and zeros otherwise.
FrameSolution carryOver(const Script& script, const Script* before, const FrameSolution* frame);

// Frame `index` of `plan` solved from `start` (a frame laid out for `script`, see carryOver).
// Element states are simulated up to it first. `cancel` may be null.
FrameSolution solveSingleFrame(const Script& script, const FramePlan& plan, int index,
                               FrameSolution start, const SolveOptions& options = {},
                               const std::atomic<bool>* cancel = nullptr);

}  // namespace mv
