#pragma once
// The one place a frame is put together (its time, the element states and their rates, the poses
// and variables with the summary, their velocities and accelerations, the elements' pivots), for
// every caller that solves frames: the animation in order, the frame solved ahead under the
// editor's playhead (single_frame.h), the drag (drag/drag_solver.h) and the parts of the machine
// the mechanics reads (motion/driving_parts.h). So a frame looks the same whoever solved it: the
// ahead frame carries pivots and velocities as the in-order one does.

#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"
#include "solver/kinematics/segment_solver.h"

namespace mv {

class ConstraintForces;
class MachineMotion;

// What the mechanics says about the elements at one frame; each may be null: no elements, or
// not simulated (the initial states, at rest).
struct ElementMotion {
    const ElementStates* states = nullptr;
    const ElementStates* rates = nullptr;
    const ElementStates* accelerations = nullptr;
};

// Solves `frame` with `solver` (its segment's) from `state` (the frame before, or a start laid
// out for `script`), reached from there as `continuity` says, and finishes it, the motion by
// `motion` (the segment's), and its forces by `forces` (the segment's; null: the caller does not
// show them). `elements` must not point into `state`.
void assembleFrame(const Script& script, const Frame& frame, const ElementMotion& elements,
                   Continuity continuity, SegmentSolver& solver, MachineMotion& motion,
                   ConstraintForces* forces, FrameSolution& state);

}  // namespace mv
