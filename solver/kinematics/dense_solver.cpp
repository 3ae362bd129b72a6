// The small-problem path of LeastSquaresSolver: Gauss-Newton on the dense Jacobian while it makes
// progress, ceres::TinySolver (Levenberg-Marquardt) when it does not.
//
// Why both: a frame starts from a prediction close to its solution, where Gauss-Newton converges
// quadratically with one evaluation per step and stops as soon as the residuals are negligible,
// about three evaluations per frame. TinySolver needs two evaluations per step and one more to see
// that it is done; its damping is what a poor start (a new segment, a retry) needs.

#include <ceres/tiny_solver.h>

#include <cmath>
#include <limits>
#include <vector>

#include "solver/kinematics/least_squares_solver.h"
#include "solver/kinematics/solver_constants.h"

namespace mv {

namespace {

// Adapts a BlockProblem to the functor TinySolver expects (column-major Jacobian).
struct TinyFunction {
    using Scalar = double;
    enum { NUM_RESIDUALS = Eigen::Dynamic, NUM_PARAMETERS = Eigen::Dynamic };

    BlockProblem* problem = nullptr;  // borrowed: the SegmentSolver owns both

    int NumResiduals() const { return problem->residualCount(); }
    int NumParameters() const { return problem->unknownCount(); }
    bool operator()(const double* x, double* residuals, double* jacobian) const {
        return problem->evaluate(x, residuals, jacobian);
    }
};

class DenseSolver final : public LeastSquaresSolver {
public:
    explicit DenseSolver(BlockProblem& problem)
        : m_problem(problem),
          m_jacobian(problem.residualCount(), problem.unknownCount()),
          m_residuals(problem.residualCount()),
          m_trialResiduals(problem.residualCount()) {
        m_function.problem = &problem;
        auto& o = m_solver.options;
        // TinySolver's function tolerance is absolute; make it inert and stop on the cost instead.
        o.function_tolerance = 1e-30;
        o.cost_threshold = 0.5 * kExact * kExact;
        o.gradient_tolerance = 1e-16;
        o.parameter_tolerance = 1e-14;
    }

    double minimize(std::span<double> x, int maxIterations) override {
        const Eigen::Index n = Eigen::Index(x.size());
        if (m_residuals.size() == 0) return 0;
        Eigen::Map<Eigen::VectorXd> at(x.data(), n);
        if (!m_problem.evaluate(x.data(), m_residuals.data(), m_jacobian.data()))
            return levenbergMarquardt(x, maxIterations);
        // Gauss-Newton down to kExact while its steps make the residuals smaller; a step that no
        // longer does past kConverged is the rounding, before it a start too far for it.
        for (int step = 0; step < kNewtonSteps; ++step) {
            const double worst = m_residuals.cwiseAbs().maxCoeff();
            if (worst <= kExact || n == 0) return worst;
            formNormalEquations();
            m_step = m_cholesky.compute(m_normal).solve(m_gradient);
            m_trial = at - m_step;
            // Residuals first: the Jacobian is only needed when another step follows.
            const bool finite =
                m_problem.evaluate(m_trial.data(), m_trialResiduals.data(), nullptr);
            if (!finite || !(m_trialResiduals.squaredNorm() < m_residuals.squaredNorm())) {
                if (worst <= kConverged) return worst;
                break;
            }
            at = m_trial;
            m_residuals.swap(m_trialResiduals);
            const double reached = m_residuals.cwiseAbs().maxCoeff();
            if (reached <= kExact) return reached;
            m_problem.evaluate(x.data(), m_residuals.data(), m_jacobian.data());
        }
        const double worst = m_residuals.cwiseAbs().maxCoeff();
        if (worst <= kConverged) return worst;
        return levenbergMarquardt(x, maxIterations);
    }

private:
    // J'J (lower triangle, regularised) and J'r from the non-zeros of each row: a constraint
    // touches a few unknowns, so this is a fraction of the dense product's work.
    void formNormalEquations() {
        const Eigen::Index m = m_jacobian.rows(), n = m_jacobian.cols();
        m_normal.setZero(n, n);
        m_gradient.setZero(n);
        for (Eigen::Index i = 0; i < m; ++i) {
            m_nonZeros.clear();
            for (Eigen::Index j = 0; j < n; ++j)
                if (m_jacobian(i, j) != 0) m_nonZeros.push_back(j);
            for (size_t a = 0; a < m_nonZeros.size(); ++a) {
                const Eigen::Index ja = m_nonZeros[a];
                const double va = m_jacobian(i, ja);
                m_gradient[ja] += va * m_residuals[i];
                for (size_t b = 0; b <= a; ++b)
                    m_normal(ja, m_nonZeros[b]) += va * m_jacobian(i, m_nonZeros[b]);
            }
        }
        m_normal.diagonal().array() += kRegularisation * (1 + m_normal.diagonal().array());
    }

    double levenbergMarquardt(std::span<double> x, int maxIterations) {
        Eigen::Map<Eigen::VectorXd> at(x.data(), Eigen::Index(x.size()));
        m_solver.options.max_num_iterations = maxIterations;
        m_x = at;
        m_solver.Solve(m_function, &m_x);
        at = m_x;
        if (!m_problem.evaluate(x.data(), m_residuals.data(), nullptr))
            return std::numeric_limits<double>::infinity();
        return m_residuals.size() ? m_residuals.cwiseAbs().maxCoeff() : 0.0;
    }

    BlockProblem& m_problem;  // borrowed: the SegmentSolver owns both
    TinyFunction m_function;
    ceres::TinySolver<TinyFunction> m_solver;
    Eigen::MatrixXd m_jacobian, m_normal;
    Eigen::LLT<Eigen::MatrixXd> m_cholesky;  // the regularised normal matrix is positive definite
    Eigen::VectorXd m_residuals, m_trialResiduals, m_gradient, m_step, m_trial, m_x;
    std::vector<Eigen::Index> m_nonZeros;  // scratch: the columns of one row that are not zero
};

}  // namespace

std::unique_ptr<LeastSquaresSolver> makeDenseSolver(BlockProblem& problem) {
    return std::make_unique<DenseSolver>(problem);
}

}  // namespace mv
