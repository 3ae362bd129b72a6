#pragma once
// Degrees of freedom the constraints leave free (docs/reference.md#conflicts). The structure finds
// where they can be: only a free block (the under-determined part of a segment) has any, so the
// rank is taken per free block, at any size of mechanism, from the null space of that block's
// Jacobian, as SolveSpace finds them from its rank: a motion of the unknowns that changes no
// residual to first order. For each thing whose pose moves along that null space the report says
// how: it "can still move" (two or more free directions), "can still move along [dx, dy]" (a
// translation), or "can still rotate about Name.P" (a rotation, named by the anchor at its centre
// when there is one, by the point otherwise). Redundant constraints only lower the rank of the
// rows, not the null space, so they are not reported.

#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/script.h"
#include "solver/kinematics/block_problem.h"

namespace mv {

// A free block wider than this is reported structurally ("can still move") without its rank: a
// dense decomposition of thousands of unknowns would cost more than solving the animation.
inline constexpr int kFreedomRankLimit = 600;

// Warnings on each partially free thing of one free block, at the block's solution `x` (the rest
// of the segment at `solution`). `lever` weighs angles against positions (units).
std::vector<Diagnostic> reportFreedom(const Script& script, const SegmentProblem& segment,
                                      BlockProblem& block, const std::vector<double>& x,
                                      const std::vector<double>& solution, double lever);

}  // namespace mv
