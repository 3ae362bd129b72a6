#pragma once
// Minimises the sum of squared residuals of a BlockProblem from a start point, in place. Two
// implementations behind one face, chosen by size:
// - small problems (a pump, a four-bar): Gauss-Newton steps on the dense normal equations first
//   (from the predicted start a frame converges in two or three, one evaluation each), and when a
//   step does not reduce the residuals, ceres::TinySolver, Ceres' header-only dense
//   Levenberg-Marquardt, which has no preprocessing;
// - large mechanisms (hundreds of things): ceres::Solve with SPARSE_NORMAL_CHOLESKY on a problem
//   built once per segment, whose cost grows linearly with the number of things where a dense
//   factorisation would grow with its cube.
// Both are Levenberg-Marquardt, so a step has no component along directions the constraints do not
// see: an under-determined thing stays where it was.

#include <memory>
#include <span>
#include <vector>

#include "solver/kinematics/block_problem.h"

namespace mv {

class LeastSquaresSolver {
public:
    virtual ~LeastSquaresSolver() = default;
    // Moves x towards a least-squares minimum; at most `maxIterations` iterations. Returns the
    // largest absolute residual at the returned x (infinity when a residual is not finite).
    virtual double minimize(std::span<double> x, int maxIterations) = 0;
};

// Above this many unknowns the sparse solver is used.
inline constexpr int kDenseUnknownLimit = 60;

std::unique_ptr<LeastSquaresSolver> makeDenseSolver(BlockProblem& problem);
std::unique_ptr<LeastSquaresSolver> makeSparseSolver(BlockProblem& problem);

inline std::unique_ptr<LeastSquaresSolver> makeLeastSquaresSolver(BlockProblem& problem) {
    return problem.unknownCount() > kDenseUnknownLimit ? makeSparseSolver(problem)
                                                       : makeDenseSolver(problem);
}

}  // namespace mv
