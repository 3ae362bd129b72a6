#include "solver/kinematics/newton_corrector.h"

#include <Eigen/Dense>
#include <cmath>
#include <limits>

#include "solver/kinematics/solver_constants.h"

namespace mv {

struct NewtonCorrector::Algebra {
    Eigen::MatrixXd jacobian;
    Eigen::VectorXd residuals, step;
    Eigen::PartialPivLU<Eigen::MatrixXd> lu;
    Eigen::LLT<Eigen::MatrixXd> cholesky;
    Eigen::VectorXd inverseWeights;
};

NewtonCorrector::NewtonCorrector(BlockProblem& problem, std::vector<double> weights)
    : m_problem(problem), m_weights(std::move(weights)), m_algebra(std::make_unique<Algebra>()) {
    const Eigen::Index n = problem.unknownCount();
    m_algebra->jacobian.resize(problem.residualCount(), n);
    m_algebra->residuals.resize(problem.residualCount());
    m_algebra->inverseWeights.resize(n);
    for (Eigen::Index j = 0; j < n; ++j) m_algebra->inverseWeights[j] = 1 / m_weights[size_t(j)];
}

NewtonCorrector::~NewtonCorrector() = default;

namespace {

int signOf(double v) {
    return v > 0 ? 1 : (v < 0 ? -1 : 0);
}

}  // namespace

CorrectorResult NewtonCorrector::correct(std::vector<double>& x, int maxIterations,
                                         double contraction) {
    Algebra& a = *m_algebra;
    const Eigen::Index n = Eigen::Index(x.size());
    Eigen::Map<Eigen::VectorXd> at(x.data(), n);
    CorrectorResult result;
    const bool square = a.jacobian.rows() == n;
    double previous = std::numeric_limits<double>::infinity();
    for (;;) {
        if (!m_problem.evaluate(x.data(), a.residuals.data(), a.jacobian.data())) {
            result.termination = Termination::NotANumber;
            result.worst = std::numeric_limits<double>::infinity();
            return result;
        }
        result.worst = a.residuals.size() ? a.residuals.cwiseAbs().maxCoeff() : 0.0;
        if (square) {
            a.lu.compute(a.jacobian);
            const double det = a.lu.determinant();
            double scale = 1;  // the size a determinant of a Jacobian this large has when regular
            const double norm = a.jacobian.norm();
            for (Eigen::Index j = 0; j < n; ++j) scale *= norm;
            result.detSign = std::abs(det) > kSingularDeterminant * scale ? signOf(det) : 0;
        }
        if (result.worst <= kConverged) return result;
        if (result.iterations == maxIterations) {
            result.termination = Termination::IterationLimit;
            return result;
        }
        if (square && result.detSign != 0) {
            a.step = a.lu.solve(a.residuals);
        } else if (a.jacobian.rows() <= n) {
            // Fewer rows than unknowns, or singular (a dead centre, rows that say the same): the
            // step of least length, angles weighed as arcs, so what the rows do not fix moves
            // as little as it can.
            const Eigen::MatrixXd scaled = a.jacobian * a.inverseWeights.asDiagonal();
            Eigen::MatrixXd outer = scaled * scaled.transpose();
            outer.diagonal().array() += kRegularisation * (1 + outer.diagonal().array());
            a.step = a.inverseWeights.asDiagonal() *
                     (scaled.transpose() * a.cholesky.compute(outer).solve(a.residuals));
        } else {
            Eigen::MatrixXd normal = a.jacobian.transpose() * a.jacobian;
            normal.diagonal().array() += kRegularisation * (1 + normal.diagonal().array());
            a.step = a.cholesky.compute(normal).solve(a.jacobian.transpose() * a.residuals);
        }
        if (!a.step.allFinite()) {
            result.termination = Termination::NoProgress;
            return result;
        }
        double length = 0;
        for (Eigen::Index j = 0; j < n; ++j) {
            const double d = a.step[j] * m_weights[size_t(j)];
            length += d * d;
        }
        length = std::sqrt(length);
        const double theta = length / previous;
        if (result.iterations > 0 && theta > contraction) {
            result.termination = Termination::NoProgress;
            return result;
        }
        previous = length;
        at -= a.step;
        ++result.iterations;
        // Newton's error after a correction is about the contraction times that correction: once
        // that is negligible, stop without evaluating again (Deuflhard's stopping rule).
        if (result.iterations > 1 && theta * length <= kNegligibleCorrection) return result;
    }
}

}  // namespace mv
