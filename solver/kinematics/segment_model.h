#pragma once
// Everything about one segment that stays the same from frame to frame, built once and shared by
// all that solve or differentiate its frames: the segment solver (segment_solver.h), the machine's
// motion (solver/motion/machine_motion.h), the drag (solver/api/drag_solver.h) and the driving
// parts of the mechanics (solver/motion/driving_parts.h). Building it is the costly part of a
// segment (every constraint's tape compiled, rows matched to unknowns, blocks found); per frame
// only its inputs change.
//
// Its tapes keep their last evaluation, so a model serves one thread, its users in turn: a frame
// is solved, then differentiated at the inputs the solver left set (SegmentProblem::setInputs
// skips inputs it already has).

#include <utility>
#include <vector>

#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/structure/segment_structure.h"

namespace mv {

struct SegmentModel {
    SegmentModel(const Script& script, const Segment& segment);
    SegmentModel(const SegmentModel&) = delete;
    SegmentModel& operator=(const SegmentModel&) = delete;

    SegmentProblem problem;
    SegmentStructure structure;
    // Per unknown: 1, or the angle lever for an angle, so that positions and turns compare
    // (SegmentProblem::distanceWeights).
    std::vector<double> weights;
    // Each `_` the segment's first step writes in place of one it replaces, with that one
    // ({replaced, replacing}, core/model/constraint_store.h): the new starts from the old's value,
    // so it keeps its sign across the marker.
    std::vector<std::pair<VariableId, VariableId>> inheritedAnonymous;
};

}  // namespace mv
