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
// At most this many restarts of one solve, however many things may be turned.
constexpr int kMaxRetries = 64;
// Largest nudge of an angle (radians) off a saddle on a restart.
constexpr double kNudge = 0.2;

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

SegmentSolver::SegmentSolver(const Script& script, const Segment& segment, const SolveOptions& options,
                             std::vector<bool> settled)
    : m_script(script), m_options(options), m_problem(script, segment), m_settled(std::move(settled)) {
    m_settled.resize(script.things.size(), false);
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
    // A failed frame's compromise says nothing about where the mechanism is going.
    // A failed frame's compromise says nothing about where the mechanism goes: the next frame
    // starts from it afresh, without a prediction or a jump test.
    m_solution = std::move(result.x);
    if (state.failed) {
        m_history.clear();
    } else {
        if (m_history.size() == 2) m_history.erase(m_history.begin());
        m_history.push_back(m_solution);
    }
    m_previousInputs = inputs;
}

SegmentSolver::Attempt SegmentSolver::solveFrom(const std::vector<double>& start) {
    Attempt attempt{start, 0};
    attempt.worst = m_solver->minimize(attempt.x, m_options.maxIterations);
    if (!std::isfinite(attempt.worst)) {
        // Nowhere to go from a point where a constraint is not a number: keep the start, not
        // whatever the solver's steps through NaN left behind.
        attempt.x = start;
        return attempt;
    }
    // An angle is only known modulo a full turn: keep the one nearest the start, so a turning
    // crank's angle grows smoothly instead of jumping by whole turns.
    for (const UnknownBlock& b : m_problem.blocks()) {
        if (b.kind != UnknownBlock::Kind::Pose) continue;
        const size_t a = size_t(b.offset) + 2;
        attempt.x[a] = start[a] + std::remainder(attempt.x[a] - start[a], 2 * std::numbers::pi);
    }
    return attempt;
}

SegmentSolver::Attempt SegmentSolver::solveWithRetries(const std::vector<double>& start) {
    Attempt best = solveFrom(start);
    // The things a retry may turn: those this segment places for the first time, whose start is
    // only a guess; things solved before keep their pose, so a settled engine is not turned
    // upside down merely because that too satisfies `Q = P + [_,0]`.
    std::vector<const UnknownBlock*> turnable;
    for (const UnknownBlock& b : m_problem.blocks())
        if (b.kind == UnknownBlock::Kind::Pose && !m_settled[b.id]) turnable.push_back(&b);
    if (turnable.empty())
        for (const UnknownBlock& b : m_problem.blocks())
            if (b.kind == UnknownBlock::Kind::Pose) turnable.push_back(&b);
    // Retry r turns by half a turn the turnable things whose bit is set in r (every combination of
    // branches, one thing at a time first) and nudges every turnable angle off a possible saddle
    // by a small amount from a fixed seed.
    const int budget = std::min(kMaxRetries, m_options.retries * std::max<int>(1, int(turnable.size())));
    for (int retry = 1; retry <= budget && !(best.worst <= m_options.tolerance); ++retry) {
        std::mt19937 random(static_cast<unsigned>(retry));
        std::uniform_real_distribution<double> nudge(-kNudge, kNudge);
        std::vector<double> x = start;
        for (size_t i = 0; i < turnable.size(); ++i) {
            double& angle = x[size_t(turnable[i]->offset) + 2];
            angle += nudge(random);
            if (i < 31 && (retry >> i) & 1) angle += std::numbers::pi;
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
