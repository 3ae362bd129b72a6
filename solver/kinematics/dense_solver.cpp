// The small-problem path of LeastSquaresSolver: ceres::TinySolver on the dense Jacobian.

#include <ceres/tiny_solver.h>

#include "solver/kinematics/least_squares_solver.h"

namespace mv {

namespace {

// Adapts a SegmentProblem to the functor TinySolver expects (column-major Jacobian).
struct TinyFunction {
    using Scalar = double;
    enum { NUM_RESIDUALS = Eigen::Dynamic, NUM_PARAMETERS = Eigen::Dynamic };

    SegmentProblem* problem = nullptr;  // borrowed: the SegmentSolver owns both

    int NumResiduals() const { return problem->residualCount(); }
    int NumParameters() const { return problem->unknownCount(); }
    bool operator()(const double* x, double* residuals, double* jacobian) const {
        return problem->evaluate(x, residuals, jacobian);
    }
};

class DenseSolver final : public LeastSquaresSolver {
public:
    explicit DenseSolver(SegmentProblem& problem) {
        m_function.problem = &problem;
        auto& o = m_solver.options;
        // TinySolver's function tolerance is absolute; make it inert and stop on the cost instead,
        // so residuals end far below the 1e-6 a frame must meet.
        o.function_tolerance = 1e-30;
        o.cost_threshold = 1e-22;
        o.gradient_tolerance = 1e-16;
        o.parameter_tolerance = 1e-14;
    }

    void minimize(std::vector<double>& x, int maxIterations) override {
        m_solver.options.max_num_iterations = maxIterations;
        m_x = Eigen::Map<Eigen::VectorXd>(x.data(), Eigen::Index(x.size()));
        m_solver.Solve(m_function, &m_x);
        Eigen::Map<Eigen::VectorXd>(x.data(), Eigen::Index(x.size())) = m_x;
    }

private:
    TinyFunction m_function;
    ceres::TinySolver<TinyFunction> m_solver;
    Eigen::VectorXd m_x;
};

}  // namespace

std::unique_ptr<LeastSquaresSolver> makeDenseSolver(SegmentProblem& problem) {
    return std::make_unique<DenseSolver>(problem);
}

}  // namespace mv
