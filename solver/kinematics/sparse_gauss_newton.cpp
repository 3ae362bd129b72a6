#include "solver/kinematics/sparse_gauss_newton.h"
#include "solver/kinematics/solver_constants.h"

#include <Eigen/Sparse>
#include <cmath>
#include <limits>

namespace mv {

struct SparseGaussNewton::Algebra {
    Eigen::SparseMatrix<double> jacobian;  // fixed pattern: every entry a constraint can touch
    Eigen::SparseMatrix<double> normal;
    Eigen::SimplicialLLT<Eigen::SparseMatrix<double>> cholesky;
    Eigen::Index analysedNonZeros = -1;
    Eigen::VectorXd residuals, trialResiduals, gradient, step;
};

SparseGaussNewton::SparseGaussNewton(BlockProblem& problem)
    : m_problem(problem), m_algebra(std::make_unique<Algebra>()) {
    Algebra& a = *m_algebra;
    std::vector<Eigen::Triplet<double>> entries;
    size_t widest = 0;
    for (const BlockProblem::Group& g : problem.groups()) {
        widest = std::max(widest, g.columns.size());
        for (size_t k = 0; k < g.components.size(); ++k)
            for (int column : g.columns)
                entries.emplace_back(g.firstResidual + int(k), column, 0.0);
    }
    a.jacobian.resize(problem.residualCount(), problem.unknownCount());
    a.jacobian.setFromTriplets(entries.begin(), entries.end());
    for (const auto& e : entries)
        m_slots.push_back(int(&a.jacobian.coeffRef(e.row(), e.col()) - a.jacobian.valuePtr()));
    a.residuals.resize(problem.residualCount());
    a.trialResiduals.resize(problem.residualCount());
    m_localJacobian.resize(2 * widest);
}

SparseGaussNewton::~SparseGaussNewton() = default;

bool SparseGaussNewton::evaluate(const double* x, bool withJacobian) {
    Algebra& a = *m_algebra;
    double* values = a.jacobian.valuePtr();
    size_t slot = 0;
    bool finite = true;
    const auto& groups = m_problem.groups();
    for (size_t i = 0; i < groups.size(); ++i) {
        const BlockProblem::Group& g = groups[i];
        const size_t n = g.columns.size();
        double* r = a.trialResiduals.data() + g.firstResidual;
        finite = m_problem.evaluateGroup(int(i), x, r,
                                         withJacobian ? m_localJacobian.data() : nullptr) &&
                 finite;
        if (!withJacobian) continue;
        for (size_t k = 0; k < g.components.size(); ++k)
            for (size_t j = 0; j < n; ++j) values[m_slots[slot++]] = m_localJacobian[k * n + j];
    }
    return finite;
}

double SparseGaussNewton::run(std::span<double> x, int steps, double converged) {
    Algebra& a = *m_algebra;
    const Eigen::Index n = Eigen::Index(x.size());
    if (a.residuals.size() == 0) return 0;
    if (!evaluate(x.data(), true)) return std::numeric_limits<double>::infinity();
    a.residuals.swap(a.trialResiduals);
    m_trial.resize(x.size());
    double worst = a.residuals.cwiseAbs().maxCoeff();
    bool factored = false;  // a.cholesky holds the factors of a.jacobian's normal equations
    for (int step = 0; step < steps && worst > converged; ++step) {
        a.normal = a.jacobian.transpose() * a.jacobian;
        for (Eigen::Index k = 0; k < n; ++k) {
            double& d = a.normal.coeffRef(k, k);
            d += kRegularisation * (1 + d);
        }
        if (a.normal.nonZeros() != a.analysedNonZeros) {
            a.cholesky.analyzePattern(a.normal);
            a.analysedNonZeros = a.normal.nonZeros();
        }
        a.cholesky.factorize(a.normal);
        if (a.cholesky.info() != Eigen::Success) break;
        factored = true;
        if (!stepWithFactors(x)) break;
        worst = a.residuals.cwiseAbs().maxCoeff();
        if (worst > converged) {
            evaluate(x.data(), true);
            a.residuals.swap(a.trialResiduals);
        }
    }
    return factored && worst <= converged ? finish(x, worst) : worst;
}

// From `converged` down to kExact the Jacobian hardly changes: chord steps with the last one's
// factors and the residuals alone, no new factorisation of a system that may be large.
double SparseGaussNewton::finish(std::span<double> x, double worst) {
    for (int step = 0; step < kNewtonSteps && worst > kExact && stepWithFactors(x); ++step)
        worst = m_algebra->residuals.cwiseAbs().maxCoeff();
    return worst;
}

// The Gauss-Newton step from x with the factors and Jacobian held, taken when it makes the
// residuals smaller (they are then x's); whether it was.
bool SparseGaussNewton::stepWithFactors(std::span<double> x) {
    Algebra& a = *m_algebra;
    const Eigen::Index n = Eigen::Index(x.size());
    Eigen::Map<Eigen::VectorXd> at(x.data(), n);
    Eigen::Map<Eigen::VectorXd> trial(m_trial.data(), n);
    a.gradient = a.jacobian.transpose() * a.residuals;
    a.step = a.cholesky.solve(a.gradient);
    trial = at - a.step;
    if (!evaluate(m_trial.data(), false) ||
        !(a.trialResiduals.squaredNorm() < a.residuals.squaredNorm()))
        return false;
    at = trial;
    a.residuals.swap(a.trialResiduals);
    return true;
}

}  // namespace mv
