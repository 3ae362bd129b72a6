#pragma once
// Which constraints share a load in a way the equations cannot tell apart (docs/mechanics.md,
// "Forces": statically indeterminate, a bar on two pins): read from a block's transposed Jacobian,
// the splits of its rows that carry nothing.

#include <Eigen/Core>
#include <vector>

#include "solver/api/frame_forces.h"

namespace mv {

class SegmentProblem;

// A slope this much smaller than a block's largest moves nothing there: the rounding of a zero
// (the x row of a pin on a level bar reads the angle as −L sin φ, φ ≈ 1e-17).
inline constexpr double kNegligibleSlope = 1e-12;

// Notes in `forces` the constraints among `rows` (problem rows, one per column of `transposed`,
// whose rows are the block's unknowns) that share a load: those with a part in a split of the rows
// that carries nothing (Φᵀ v = 0). A row that moves none of the block's unknowns shares nothing
// here (the second equation of a drive that fixes one angle), and a split within one constraint
// is no choice between constraints. Returns whether it found any.
bool noteSharedLoad(const SegmentProblem& problem, const std::vector<int>& rows,
                    const Eigen::MatrixXd& transposed, FrameForces& forces);

}  // namespace mv
