// The large-problem path of LeastSquaresSolver: sparse Gauss-Newton steps first (see
// sparse_gauss_newton.h), and when they stall, one ceres::Problem per block whose parameter
// blocks are the block's unknowns and whose residual blocks are its constraints' rows,
// solved with SPARSE_NORMAL_CHOLESKY. The problem is built once; per frame only the start point
// (in the solver's own vector, which the parameter blocks point into) and the inputs change.

#include <ceres/ceres.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "solver/kinematics/least_squares_solver.h"
#include "solver/kinematics/solver_constants.h"
#include "solver/kinematics/sparse_gauss_newton.h"

namespace mv {

namespace {

// One group of a block (a constraint's rows) as a Ceres cost over one-number parameter blocks.
class GroupCost final : public ceres::CostFunction {
public:
    GroupCost(BlockProblem& problem, int index) : m_problem(problem), m_index(index) {
        const BlockProblem::Group& g = problem.groups()[size_t(index)];
        set_num_residuals(int(g.components.size()));
        for (size_t j = 0; j < g.columns.size(); ++j) mutable_parameter_block_sizes()->push_back(1);
        m_jacobian.resize(g.columns.size() * g.components.size());
    }

    bool Evaluate(const double* const* parameters, double* residuals,
                  double** jacobians) const override {
        const BlockProblem::Group& g = m_problem.groups()[size_t(m_index)];
        if (!m_problem.evaluateGroup(m_index, parameters, residuals,
                                     jacobians ? m_jacobian.data() : nullptr))
            return false;
        if (!jacobians) return true;
        const size_t n = g.columns.size();
        for (size_t j = 0; j < n; ++j)
            if (jacobians[j])
                for (size_t k = 0; k < g.components.size(); ++k)
                    jacobians[j][k] = m_jacobian[k * n + j];
        return true;
    }

private:
    BlockProblem& m_problem;  // borrowed: outlives the ceres::Problem that owns this cost
    int m_index;
    mutable std::vector<double> m_jacobian;  // scratch; Ceres evaluates on one thread here
};

class SparseSolver final : public LeastSquaresSolver {
public:
    explicit SparseSolver(BlockProblem& problem)
        : m_segment(problem),
          m_newton(problem),
          m_x(size_t(problem.unknownCount()), 0.0),
          m_residuals(size_t(problem.residualCount())) {
        for (double& x : m_x) m_problem.AddParameterBlock(&x, 1);
        for (size_t i = 0; i < problem.groups().size(); ++i) {
            std::vector<double*> parameters;
            for (int column : problem.groups()[i].columns)
                parameters.push_back(&m_x[size_t(column)]);
            m_problem.AddResidualBlock(new GroupCost(problem, int(i)), nullptr, parameters);
        }
        m_options.linear_solver_type = ceres::SPARSE_NORMAL_CHOLESKY;
        m_options.logging_type = ceres::SILENT;
        m_options.minimizer_progress_to_stdout = false;
        m_options.num_threads = 1;
        m_options.function_tolerance = 1e-16;
        m_options.gradient_tolerance = 1e-16;
        m_options.parameter_tolerance = 1e-14;
    }

    double minimize(std::span<double> x, int maxIterations) override {
        const double reached = m_newton.run(x, kNewtonSteps, kConverged);
        if (reached <= kConverged) return reached;
        std::copy(x.begin(), x.end(), m_x.begin());
        m_options.max_num_iterations = maxIterations;
        ceres::Solver::Summary summary;
        ceres::Solve(m_options, &m_problem, &summary);
        std::copy(m_x.begin(), m_x.end(), x.begin());
        if (!m_segment.evaluate(x.data(), m_residuals.data(), nullptr))
            return std::numeric_limits<double>::infinity();
        double worst = 0;
        for (double r : m_residuals) worst = std::max(worst, std::abs(r));
        return worst;
    }

private:
    BlockProblem& m_segment;  // borrowed: the SegmentSolver owns both
    SparseGaussNewton m_newton;
    std::vector<double>
        m_x;  // the parameter blocks point into it: never resized after construction
    std::vector<double> m_residuals;
    ceres::Problem m_problem;
    ceres::Solver::Options m_options;
};

}  // namespace

std::unique_ptr<LeastSquaresSolver> makeSparseSolver(BlockProblem& problem) {
    return std::make_unique<SparseSolver>(problem);
}

}  // namespace mv
