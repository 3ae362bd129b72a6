#include "solver/kinematics/newton_corrector.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "solver/kinematics/solver_constants.h"

namespace mv {

// What a step writes, in one piece of the block's arena: the Jacobian, the residuals, the step
// and the inverse weights, each starting on 16 bytes as Eigen's own vectors would, so that Eigen
// takes the same path through them (and rounds the same).
class NewtonCorrector::Algebra {
    struct alignas(16) Pair {
        double values[2] = {};
    };
    static size_t padded(Eigen::Index count) { return size_t(count + 1) & ~size_t(1); }
    using Matrix = Eigen::Map<Eigen::MatrixXd, Eigen::Aligned16>;
    using Vector = Eigen::Map<Eigen::VectorXd, Eigen::Aligned16>;

    ArenaVector<Pair> m_storage;

public:
    Algebra(Eigen::Index rows, Eigen::Index columns, SegmentArena* arena)
        : m_storage((padded(rows * columns) + padded(rows) + 2 * padded(columns)) / 2, Pair{},
                    arena),
          jacobian(at(0), rows, columns),
          residuals(at(padded(rows * columns)), rows),
          step(at(padded(rows * columns) + padded(rows)), columns),
          inverseWeights(at(padded(rows * columns) + padded(rows) + padded(columns)), columns) {}
    Algebra(const Algebra&) = delete;
    Algebra& operator=(const Algebra&) = delete;

    Matrix jacobian;
    Vector residuals, step, inverseWeights;
    // A block of one or two unknowns (most blocks: a chain is one per unknown, a crank's drive
    // two) is solved by its inverse written out, proved regular by its determinant: Eigen's LU
    // costs more to set up than such a solve (bench/crank_slider_bench).
    bool small = false;
    double inverse[4] = {};
    // The factors of a larger block, or of one at a dead centre, made on their first need: on the
    // heap, off the memory a frame walks (a byte of a block costs its share of a frame where the
    // blocks no longer fit the cache, docs/performance.md).
    struct Dense {
        Eigen::PartialPivLU<Eigen::MatrixXd> lu;
        Eigen::LLT<Eigen::MatrixXd> cholesky;
    };
    Dense& dense() {
        if (!m_dense) m_dense = std::make_unique<Dense>();
        return *m_dense;
    }

private:
    double* at(size_t offset) { return reinterpret_cast<double*>(m_storage.data()) + offset; }

    std::unique_ptr<Dense> m_dense;
};

NewtonCorrector::NewtonCorrector(BlockProblem& problem, std::span<const double> weights,
                                 SegmentArena* arena)
    : m_problem(problem),
      m_weights(weights.begin(), weights.end(), arena),
      m_algebra(makeIn<Algebra>(arena, problem.residualCount(), problem.unknownCount(), arena)) {
    const Eigen::Index n = problem.unknownCount();
    m_algebra->small = problem.residualCount() == n && n <= 2;
    for (Eigen::Index j = 0; j < n; ++j) m_algebra->inverseWeights[j] = 1 / m_weights[size_t(j)];
}

NewtonCorrector::~NewtonCorrector() = default;

namespace {

int signOf(double v) {
    return v > 0 ? 1 : (v < 0 ? -1 : 0);
}

// The largest magnitude among finite `values` (0 for none): a loop, where Eigen's reduction sets
// up more than a block of one or two rows has to reduce.
double largest(std::span<const double> values) {
    double worst = 0;
    for (double v : values) worst = std::max(worst, std::abs(v));
    return worst;
}

// Whether the Newton step just taken, the second in a row from a Jacobian of its own, lands on
// the solution as near as rounding allows, so that evaluating there would only confirm it. In
// Newton's quadratic regime each residual is half the curvature times the square of the step
// that led to it, so the next is about `worst` times the contraction `theta` squared. The regime
// shows in the residuals falling as the steps shrink (the Jacobian hardly changed over the last
// step), not in a short step after a wild one from near a singular Jacobian.
bool landsOnSolution(double worst, double previousWorst, double theta) {
    const double fell = worst / previousWorst;
    return fell <= 2 * theta && theta <= 2 * fell && worst * theta * theta <= kExact / 10;
}

}  // namespace

CorrectorResult NewtonCorrector::correct(std::span<double> x, int maxIterations,
                                         double contraction) {
    Algebra& a = *m_algebra;
    CorrectorResult result;
    double previous = std::numeric_limits<double>::infinity();
    double previousWorst = std::numeric_limits<double>::infinity();
    // Past kConverged a refused or useless step is the rounding of the coordinates, not a
    // failure: the point is as good as it gets.
    auto stop = [&](Termination otherwise) {
        result.termination = result.worst <= kConverged ? Termination::Converged : otherwise;
        return result;
    };
    // Past kConverged the Jacobian hardly changes any more: the steps down to kExact reuse the
    // last one and its factors (chord steps), evaluating the residuals alone.
    bool chord = false, regular = false, freshBefore = false;
    for (;;) {
        if (!m_problem.evaluate(x.data(), a.residuals.data(),
                                chord ? nullptr : a.jacobian.data())) {
            result.termination = Termination::NotANumber;
            result.worst = std::numeric_limits<double>::infinity();
            return result;
        }
        result.worst = largest({a.residuals.data(), size_t(a.residuals.size())});
        if (!chord) regular = factorize(result);
        if (result.worst <= kExact) return result;
        if (result.worst <= kConverged && !(result.worst < previousWorst)) return result;
        if (result.worst <= kConverged && result.worst <= roundingFloor(x)) return result;
        if (result.iterations == maxIterations) return stop(Termination::IterationLimit);
        if (!step(regular)) return stop(Termination::NoProgress);
        const double length = stepLength();
        const double theta = length / previous;
        if (result.iterations > 0 && theta > contraction) return stop(Termination::NoProgress);
        const bool lands =
            freshBefore && !chord && regular && landsOnSolution(result.worst, previousWorst, theta);
        previous = length;
        previousWorst = result.worst;
        for (size_t j = 0; j < x.size(); ++j) x[j] -= a.step[Eigen::Index(j)];
        ++result.iterations;
        if (lands) {
            // Said as what an evaluation there could show: the rounding, not the estimate below it.
            result.worst = std::max(result.worst * theta * theta, roundingFloor(x));
            result.evaluated = false;
            return result;
        }
        freshBefore = !chord;
        chord = result.worst <= kConverged;
    }
}

// What the rows' residuals can be made no smaller than, near a solution, by moving the unknowns
// by whole units in their last place: the largest over the rows of the sum over the unknowns of
// |∂r/∂x| times a unit of x, twice. A crank's drive after many turns (its angle past 24 rad, a unit
// 3.6e-15, times a 30-pixel crank) stands there above kExact: a step from there trades one
// rounding for another, for an evaluation (the last Jacobian is near enough for the estimate).
double NewtonCorrector::roundingFloor(std::span<const double> x) const {
    const Algebra& a = *m_algebra;
    double floor = 0;
    for (Eigen::Index i = 0; i < a.jacobian.rows(); ++i) {
        double row = 0;
        for (Eigen::Index j = 0; j < a.jacobian.cols(); ++j)
            row += std::abs(a.jacobian(i, j)) * std::numeric_limits<double>::epsilon() *
                   std::abs(x[size_t(j)]);
        floor = std::max(floor, row);
    }
    return 2 * floor;
}

// The determinant of a Jacobian of one or two unknowns, and its inverse when it is regular.
double NewtonCorrector::smallDeterminant() {
    Algebra& a = *m_algebra;
    const double* j = a.jacobian.data();  // column-major
    if (a.jacobian.cols() == 1) {
        a.inverse[0] = 1 / j[0];
        return j[0];
    }
    const double det = j[0] * j[3] - j[2] * j[1];
    a.inverse[0] = j[3] / det;
    a.inverse[1] = -j[1] / det;
    a.inverse[2] = -j[2] / det;
    a.inverse[3] = j[0] / det;
    return det;
}

// LU of a square Jacobian and the sign of its determinant; whether it is regular.
bool NewtonCorrector::factorize(CorrectorResult& result) {
    Algebra& a = *m_algebra;
    const Eigen::Index n = a.jacobian.cols();
    if (a.jacobian.rows() != n) return false;
    double det = 0;
    if (a.small) {
        det = smallDeterminant();
    } else {
        Eigen::PartialPivLU<Eigen::MatrixXd>& lu = a.dense().lu;
        lu.compute(a.jacobian);
        det = lu.determinant();
    }
    double scale = 1;  // the size a determinant of a Jacobian this large has when regular
    const double norm = a.jacobian.norm();
    for (Eigen::Index j = 0; j < n; ++j) scale *= norm;
    result.detSign = std::abs(det) > kSingularDeterminant * scale ? signOf(det) : 0;
    return result.detSign != 0;
}

// The Newton correction into a.step; whether it is a finite one.
bool NewtonCorrector::step(bool regular) {
    Algebra& a = *m_algebra;
    const Eigen::Index n = a.jacobian.cols();
    if (regular && a.small) {
        const double* r = a.residuals.data();
        if (n == 1) {
            a.step[0] = a.inverse[0] * r[0];
        } else {
            a.step[0] = a.inverse[0] * r[0] + a.inverse[2] * r[1];
            a.step[1] = a.inverse[1] * r[0] + a.inverse[3] * r[1];
        }
    } else if (regular) {
        a.step = a.dense().lu.solve(a.residuals);
    } else if (a.jacobian.rows() <= n) {
        // Fewer rows than unknowns, or singular (a dead centre, rows that say the same): the
        // step of least length, angles weighed as arcs, so what the rows do not fix moves
        // as little as it can.
        const Eigen::MatrixXd scaled = a.jacobian * a.inverseWeights.asDiagonal();
        Eigen::MatrixXd outer = scaled * scaled.transpose();
        outer.diagonal().array() += kRegularisation * (1 + outer.diagonal().array());
        a.step = a.inverseWeights.asDiagonal() *
                 (scaled.transpose() * a.dense().cholesky.compute(outer).solve(a.residuals));
    } else {
        Eigen::MatrixXd normal = a.jacobian.transpose() * a.jacobian;
        normal.diagonal().array() += kRegularisation * (1 + normal.diagonal().array());
        a.step = a.dense().cholesky.compute(normal).solve(a.jacobian.transpose() * a.residuals);
    }
    return std::all_of(a.step.begin(), a.step.end(), [](double v) { return std::isfinite(v); });
}

// The correction's length, angles as arcs.
double NewtonCorrector::stepLength() const {
    const Algebra& a = *m_algebra;
    double length = 0;
    for (Eigen::Index j = 0; j < a.step.size(); ++j) {
        const double d = a.step[j] * m_weights[size_t(j)];
        length += d * d;
    }
    return std::sqrt(length);
}

}  // namespace mv
