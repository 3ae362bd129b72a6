#pragma once
// Gauss-Newton steps on the sparse Jacobian of a large BlockProblem, the fast path of the sparse
// solver: from a predicted start a frame converges in two or three steps, each one evaluation and
// one sparse Cholesky factorisation of the normal equations, whose ordering is computed once per
// segment (the pattern never changes). Ceres' full solve, which redoes its preprocessing on every
// call, is left for the starts where these steps stop making progress.

#include <memory>
#include <span>
#include <vector>

#include "solver/kinematics/block_problem.h"

namespace mv {

class SparseGaussNewton {
public:
    explicit SparseGaussNewton(BlockProblem& problem);
    ~SparseGaussNewton();

    // Steps from x while they reduce the residuals, at most `steps`, until every residual is below
    // `converged`; from there chord steps down to kExact (solver_constants.h). Returns the
    // largest residual at the returned x (infinity if not finite).
    double run(std::span<double> x, int steps, double converged);

private:
    struct Algebra;  // Eigen's sparse types, kept out of this header

    bool evaluate(const double* x, bool withJacobian);
    double finish(std::span<double> x, double worst);
    bool stepWithFactors(std::span<double> x);

    BlockProblem& m_problem;  // borrowed: the SegmentSolver owns both
    std::unique_ptr<Algebra> m_algebra;
    std::vector<int> m_slots;  // per constraint, residual, local unknown: the Jacobian entry
    std::vector<double> m_localJacobian, m_trial;
};

}  // namespace mv
