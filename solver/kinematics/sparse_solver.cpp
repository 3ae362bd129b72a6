// The large-problem path of LeastSquaresSolver: sparse Gauss-Newton steps first (see
// sparse_gauss_newton.h), and when they stall, one ceres::Problem per segment whose parameter
// blocks are the SegmentProblem's unknown blocks and whose residual blocks are its constraints,
// solved with SPARSE_NORMAL_CHOLESKY. The problem is built once; per frame only the start point
// (in the solver's own vector, which the parameter blocks point into) and the inputs change.

#include <ceres/ceres.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "solver/kinematics/least_squares_solver.h"
#include "solver/kinematics/sparse_gauss_newton.h"

namespace mv {

namespace {

// As in dense_solver.cpp: converged residuals, and Gauss-Newton steps before Ceres takes over.
constexpr double kConverged = 1e-9;
constexpr int kNewtonSteps = 8;

class ConstraintCost final : public ceres::CostFunction {
public:
    ConstraintCost(SegmentProblem& problem, int index) : m_problem(problem), m_index(index) {
        const CompiledConstraint& c = problem.constraints()[index];
        set_num_residuals(c.residualCount);
        for (int b : c.blocks) mutable_parameter_block_sizes()->push_back(problem.blocks()[b].size);
        m_local.resize(c.unknowns.size());
        m_jacobian.resize(c.unknowns.size() * size_t(c.residualCount));
    }

    bool Evaluate(const double* const* parameters, double* residuals, double** jacobians) const override {
        const CompiledConstraint& c = m_problem.constraints()[m_index];
        const auto& blocks = m_problem.blocks();
        size_t local = 0;
        for (size_t b = 0; b < c.blocks.size(); ++b)
            for (int i = 0; i < blocks[c.blocks[b]].size; ++i) m_local[local++] = parameters[b][i];
        m_problem.evaluateConstraint(m_index, m_local.data(), residuals, jacobians ? m_jacobian.data() : nullptr);
        for (int r = 0; r < c.residualCount; ++r)
            if (!std::isfinite(residuals[r])) return false;
        if (!jacobians) return true;
        const size_t n = m_local.size();
        size_t column = 0;
        for (size_t b = 0; b < c.blocks.size(); ++b) {
            const int size = blocks[c.blocks[b]].size;
            if (jacobians[b]) {
                for (int r = 0; r < c.residualCount; ++r)
                    for (int i = 0; i < size; ++i) jacobians[b][r * size + i] = m_jacobian[r * n + column + i];
            }
            column += size_t(size);
        }
        return true;
    }

private:
    SegmentProblem& m_problem;  // borrowed: outlives the ceres::Problem that owns this cost
    int m_index;
    // Scratch; Ceres evaluates on one thread here (num_threads = 1).
    mutable std::vector<double> m_local;
    mutable std::vector<double> m_jacobian;
};

class SparseSolver final : public LeastSquaresSolver {
public:
    explicit SparseSolver(SegmentProblem& problem)
        : m_segment(problem), m_newton(problem), m_x(size_t(problem.unknownCount()), 0.0),
          m_residuals(size_t(problem.residualCount())) {
        const auto& blocks = problem.blocks();
        for (const UnknownBlock& b : blocks) m_problem.AddParameterBlock(&m_x[size_t(b.offset)], b.size);
        for (size_t i = 0; i < problem.constraints().size(); ++i) {
            std::vector<double*> parameters;
            for (int b : problem.constraints()[i].blocks) parameters.push_back(&m_x[size_t(blocks[b].offset)]);
            m_problem.AddResidualBlock(new ConstraintCost(problem, int(i)), nullptr, parameters);
        }
        m_options.linear_solver_type = ceres::SPARSE_NORMAL_CHOLESKY;
        m_options.logging_type = ceres::SILENT;
        m_options.minimizer_progress_to_stdout = false;
        m_options.num_threads = 1;
        m_options.function_tolerance = 1e-16;
        m_options.gradient_tolerance = 1e-16;
        m_options.parameter_tolerance = 1e-14;
    }

    double minimize(std::vector<double>& x, int maxIterations) override {
        const double reached = m_newton.run(x, kNewtonSteps, kConverged);
        if (reached <= kConverged) return reached;
        std::copy(x.begin(), x.end(), m_x.begin());
        m_options.max_num_iterations = maxIterations;
        ceres::Solver::Summary summary;
        ceres::Solve(m_options, &m_problem, &summary);
        std::copy(m_x.begin(), m_x.end(), x.begin());
        if (!m_segment.evaluate(x.data(), m_residuals.data(), nullptr)) return std::numeric_limits<double>::infinity();
        double worst = 0;
        for (double r : m_residuals) worst = std::max(worst, std::abs(r));
        return worst;
    }

private:
    SegmentProblem& m_segment;  // borrowed: the SegmentSolver owns both
    SparseGaussNewton m_newton;
    std::vector<double> m_x;  // the parameter blocks point into it: never resized after construction
    std::vector<double> m_residuals;
    ceres::Problem m_problem;
    ceres::Solver::Options m_options;
};

}  // namespace

std::unique_ptr<LeastSquaresSolver> makeSparseSolver(SegmentProblem& problem) {
    return std::make_unique<SparseSolver>(problem);
}

}  // namespace mv
