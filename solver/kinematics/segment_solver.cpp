#include "solver/kinematics/segment_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>

#include "solver/kinematics/number_text.h"

namespace mv {

namespace {

// Sub-steps between two frames when a solution jumped branches.
constexpr int kSubsteps = 8;
// Branch jumps: a solution further than this many predicted motions from the prediction...
constexpr double kJumpFactor = 2.0;
// ... and further than this share of the canvas size.
constexpr double kMinimumJumpShare = 0.02;
// Angles are weighed as the arc at this share of the canvas size from the pivot.
constexpr double kLeverShare = 0.1;

double weightedDistance(const std::vector<double>& a, const std::vector<double>& b,
                        const std::vector<double>& weights) {
    double sum = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        const double d = (a[i] - b[i]) * weights[i];
        sum += d * d;
    }
    return std::sqrt(sum);
}

}  // namespace

SegmentSolver::SegmentSolver(const Script& script, const Segment& segment, const SolveOptions& options)
    : m_script(script), m_options(options), m_problem(script, segment) {
    const double size = std::max({script.config.width, script.config.height, 1.0});
    m_solver = makeLeastSquaresSolver(m_problem);
    m_weights = m_problem.distanceWeights(kLeverShare * size);
    m_minimumJump = kMinimumJumpShare * size;
    m_residuals.resize(size_t(m_problem.residualCount()));
}

void SegmentSolver::solveFrame(const std::vector<double>& inputs, FrameSolution& state) {
    const size_t n = size_t(m_problem.unknownCount());
    std::vector<double> previous(n);
    m_problem.gather(state, previous.data());
    std::vector<double> predicted = previous;
    if (m_history.size() == 2)
        for (size_t i = 0; i < n; ++i) predicted[i] += m_history[1][i] - m_history[0][i];

    m_problem.setInputs(inputs);
    Attempt result = solveWithRetries(predicted);
    if (result.worst <= m_options.tolerance && !m_history.empty() && jumped(result.x, predicted)) {
        Attempt stepped = solveInSubsteps(previous, m_previousInputs, inputs);
        m_problem.setInputs(inputs);
        if (stepped.worst <= m_options.tolerance) result = std::move(stepped);
    }

    m_problem.scatter(result.x.data(), state);
    state.failed = !(result.worst <= m_options.tolerance);
    state.diagnostics = state.failed ? offConstraints(result.x) : std::vector<Diagnostic>{};
    if (m_history.size() == 2) m_history.erase(m_history.begin());
    m_history.push_back(std::move(result.x));
    m_previousInputs = inputs;
}

SegmentSolver::Attempt SegmentSolver::solveFrom(const std::vector<double>& start) {
    Attempt attempt{start, 0};
    if (!attempt.x.empty()) m_solver->minimize(attempt.x, m_options.maxIterations);
    attempt.worst = worstResidual(attempt.x);
    return attempt;
}

SegmentSolver::Attempt SegmentSolver::solveWithRetries(const std::vector<double>& start) {
    Attempt best = solveFrom(start);
    const auto& blocks = m_problem.blocks();
    for (int retry = 1; retry <= m_options.retries && !(best.worst <= m_options.tolerance); ++retry) {
        // Growing perturbations from a fixed seed per retry: the first ones only nudge a start off
        // a saddle, the last ones turn parts half way round to reach the other branch.
        const double share = double(retry) / m_options.retries;
        std::mt19937 random(static_cast<unsigned>(retry));
        std::uniform_real_distribution<double> unit(-1.0, 1.0);
        std::vector<double> x = start;
        for (const UnknownBlock& b : blocks) {
            for (int i = 0; i < b.size; ++i) {
                const bool angle = b.kind == UnknownBlock::Kind::Pose && i == 2;
                const double amplitude = angle ? std::numbers::pi * share : m_minimumJump * share;
                x[size_t(b.offset + i)] += amplitude * unit(random);
            }
        }
        Attempt attempt = solveFrom(x);
        if (attempt.worst < best.worst) best = std::move(attempt);
    }
    return best;
}

SegmentSolver::Attempt SegmentSolver::solveInSubsteps(const std::vector<double>& from,
                                                      const std::vector<double>& fromInputs,
                                                      const std::vector<double>& toInputs) {
    std::vector<double> before = from, x = from, inputs(toInputs.size());
    for (int step = 1; step <= kSubsteps; ++step) {
        const double s = double(step) / kSubsteps;
        for (size_t i = 0; i < inputs.size(); ++i) inputs[i] = fromInputs[i] + (toInputs[i] - fromInputs[i]) * s;
        m_problem.setInputs(inputs);
        std::vector<double> predicted = x;
        for (size_t i = 0; i < x.size(); ++i) predicted[i] += x[i] - before[i];
        Attempt attempt = solveWithRetries(predicted);
        if (!(attempt.worst <= m_options.tolerance)) return attempt;
        before = std::move(x);
        x = std::move(attempt.x);
    }
    return {x, worstResidual(x)};
}

bool SegmentSolver::jumped(const std::vector<double>& x, const std::vector<double>& predicted) const {
    const double expected = m_history.size() == 2 ? weightedDistance(m_history[1], m_history[0], m_weights) : 0.0;
    return weightedDistance(x, predicted, m_weights) > kJumpFactor * expected + m_minimumJump;
}

double SegmentSolver::worstResidual(const std::vector<double>& x) {
    if (!m_problem.evaluate(x.data(), m_residuals.data(), nullptr))
        return std::numeric_limits<double>::infinity();
    double worst = 0;
    for (double r : m_residuals) worst = std::max(worst, std::abs(r));
    return worst;
}

std::vector<Diagnostic> SegmentSolver::offConstraints(const std::vector<double>& x) {
    m_problem.evaluate(x.data(), m_residuals.data(), nullptr);
    std::vector<Diagnostic> off;
    for (const CompiledConstraint& c : m_problem.constraints()) {
        double squares = 0;
        for (int r = 0; r < c.residualCount; ++r) squares += m_residuals[size_t(c.firstResidual + r)] * m_residuals[size_t(c.firstResidual + r)];
        const double by = std::sqrt(squares);
        const SourceRange range = m_script.constraints[c.id].range;
        if (!std::isfinite(by)) {
            off.push_back({Severity::Error, range, "constraint cannot be evaluated here (not a number)"});
        } else if (by > m_options.tolerance) {
            off.push_back({Severity::Error, range, "constraint off by " + numberText(by)});
        }
    }
    return off;
}

}  // namespace mv
