#pragma once
// Degrees of freedom the constraints leave free (LANGUAGE.md §9), found from the null space of the
// Jacobian at a solution, as SolveSpace finds them from its rank: a motion of the unknowns that
// changes no residual to first order. For each thing whose pose moves along that null space the
// report says how: it "can still move" (two or more free directions), "can still move along [dx, dy]"
// (a translation), or "can still rotate about Name.P" (a rotation, named by the anchor at its
// centre when there is one, by the point otherwise). Redundant constraints only lower the rank of
// the rows, not the null space, so they are not reported.

#include <vector>

#include "core/diagnostic.h"
#include "core/script.h"
#include "solver/kinematics/segment_problem.h"

namespace mv {

// Above this many unknowns the dense decomposition would cost more than solving the segment
// (a 400-unknown SVD takes a quarter of a second); no report is made for larger mechanisms.
inline constexpr int kFreedomUnknownLimit = 150;

// Warnings on each partially free thing's name. `lever` weighs angles against positions (units).
std::vector<Diagnostic> reportFreedom(const Script& script, SegmentProblem& problem,
                                      const std::vector<double>& solution, double lever);

}  // namespace mv
