#include "solver/kinematics/segment_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <random>
#include <set>

#include "solver/kinematics/block_problem.h"
#include "solver/kinematics/block_solver.h"
#include "solver/kinematics/freedom_report.h"
#include "solver/kinematics/least_squares_solver.h"
#include "solver/kinematics/newton_corrector.h"
#include "solver/kinematics/solver_constants.h"

namespace mv {

namespace {

// The smallest sub-step, as a share of a frame; reaching it means a dead centre or a failure.
constexpr double kMinStep = 1.0 / 1024;
// At most this many restarts of one block, however many things it may turn.
constexpr int kMaxRetries = 64;
// Largest nudge of an angle (radians) off a saddle on a restart.
constexpr double kNudge = 0.2;

}  // namespace

SegmentSolver::SegmentSolver(const Script& script, const Segment& segment,
                             const SolveOptions& options, std::vector<bool> settled)
    : m_script(script),
      m_options(options),
      m_problem(script, segment),
      m_settled(std::move(settled)) {
    m_settled.resize(script.things.size(), false);
    const int n = m_problem.unknownCount();
    m_weights = m_problem.distanceWeights(angleLever(script.config));
    m_structure = analyseStructure(m_problem);

    m_extrapolated.assign(size_t(n), true);
    for (const StructureBlock& s : mergeExplicitRows(m_structure.blocks)) {
        std::vector<int> all = s.rows;
        for (int r : s.checks)
            if (!m_problem.rowIsInequality(r)) all.push_back(r);
        std::sort(all.begin(), all.end());
        const bool overDetermined = all.size() > s.rows.size();
        BlockSolver::Kind kind = BlockSolver::Kind::Square;
        std::vector<int> pivots;
        if (s.kind == StructureBlock::Kind::Free || int(s.columns.size()) > kDenseUnknownLimit) {
            kind = BlockSolver::Kind::LeastSquares;
            if (s.kind == StructureBlock::Kind::Free)
                for (int c : s.columns)
                    m_extrapolated[size_t(c)] = false;  // free: moves as little as it can
        } else if (overDetermined) {
            kind = BlockSolver::Kind::OverDetermined;
        } else if (isExplicit(s)) {
            kind = BlockSolver::Kind::Explicit;
            for (int r : s.rows) pivots.push_back(pivotOf(s, r));
        }
        auto b = std::make_unique<BlockSolver>(m_problem, s, std::move(all), kind,
                                               std::move(pivots), m_weights, m_options);
        m_blocks.push_back(std::move(b));
    }
    m_x.assign(size_t(n), 0.0);
    m_trial = m_x;
    m_velocity = m_x;
}

SegmentSolver::~SegmentSolver() = default;

void SegmentSolver::solveFrame(const std::vector<double>& inputs, Continuity continuity,
                               FrameSolution& state) {
    m_problem.gather(state, m_x.data());
    FrameSummary summary;
    m_failed = false;
    if (!m_started || continuity == Continuity::Fresh || continuity == Continuity::NewSegment) {
        m_inputs = inputs;
        m_problem.setInputs(m_inputs);
        if (!(continuity == Continuity::NewSegment && followFromLastSolution(summary)))
            solveFresh(summary);
    } else {
        const std::vector<double>& from = m_previousInputs;
        track(
            [&](double s) {
                m_inputs.resize(inputs.size());
                for (size_t i = 0; i < inputs.size(); ++i)
                    m_inputs[i] = from[i] + (inputs[i] - from[i]) * s;
                m_problem.setInputs(m_inputs);
            },
            continuity == Continuity::Jump, summary);
    }
    finishFrame(summary, state);
    m_previousInputs = inputs;
    m_started = true;
}

void SegmentSolver::solveFresh(FrameSummary& summary) {
    m_haveVelocity = false;
    m_nextStep = 1;
    const std::vector<double> start = m_x;
    std::vector<int> failing;
    m_failed = !passFresh(summary, failing);
    if (!m_failed || m_started) return;
    // An inequality asks for another branch, or a block met nothing from where it started (a
    // crank exactly 90 degrees from its pull, on a saddle): turn the things that what failed
    // reads by half a turn, in every combination, one thing at a time first, and nudge each off
    // a possible saddle; first only the failing blocks' own things, then those they read too.
    // Only at the first frame: afterwards the path keeps the branch.
    std::vector<double> best;  // the start of the best retry
    size_t fewest = failing.size();
    // Nudges get a block off a saddle; when only inequalities fail, the blocks converged and a
    // nudge would only move them: then the other branches alone are tried.
    const bool saddle = std::any_of(failing.begin(), failing.end(),
                                    [&](int r) { return !m_problem.rowIsInequality(r); });
    for (const bool upstream : {false, true}) {
        const std::vector<int> turnable = turnableAngles(failing, upstream);
        const int budget =
            std::min(kMaxRetries, m_options.retries * std::max<int>(1, int(turnable.size())));
        for (int retry = 1; retry <= budget && !turnable.empty() && fewest > 0; ++retry) {
            std::mt19937 random(static_cast<unsigned>(retry));
            std::uniform_real_distribution<double> nudge(saddle ? -kNudge : 0.0,
                                                         saddle ? kNudge : 0.0);
            m_x = start;
            for (size_t i = 0; i < turnable.size(); ++i) {
                double& angle = m_x[size_t(turnable[i])];
                angle += nudge(random);
                if (i < 31 && (retry >> i) & 1) angle += std::numbers::pi;
            }
            const std::vector<double> from = m_x;
            FrameSummary trial;
            std::vector<int> still;
            passFresh(trial, still);
            if (still.size() < fewest) {
                fewest = still.size();
                best = from;
            }
        }
    }
    // Once more from the best start, so every block's state (branch, failure) is that solution's.
    m_x = best.empty() ? start : best;
    summary = {};
    m_failed = !passFresh(summary, failing);
}

// Solves every block afresh from m_x, in order. Returns whether everything holds; `failing` gets
// the rows that do not.
bool SegmentSolver::passFresh(FrameSummary& summary, std::vector<int>& failing) {
    failing.clear();
    for (auto& b : m_blocks) {
        const StructureBlock& s = b->structure();
        if (b->solveFresh(m_x.data(), summary) == BlockSolver::Outcome::Failed)
            failing.insert(failing.end(), s.rows.begin(), s.rows.end());
        if (!b->checksHold(m_x.data()))
            failing.insert(failing.end(), s.checks.begin(), s.checks.end());
    }
    return failing.empty();
}

// The angles a restart may turn: those the failing rows depend on through the structure, of things
// no earlier segment placed (a settled engine is not turned upside down merely because that too
// satisfies `Q = P + [_,0]`), or of any thing when all are settled.
std::vector<int> SegmentSolver::turnableAngles(const std::vector<int>& failing,
                                               bool upstream) const {
    std::set<int> columns;
    for (int row : failing) {
        for (int c : m_structure.rowColumns[size_t(row)]) columns.insert(c);
        if (!upstream) continue;
        for (int q : m_structure.support(row))
            for (int c : m_structure.rowColumns[size_t(q)]) columns.insert(c);
    }
    // Latest solved first (retry 1 turns the first alone): the block nearest to what failed is
    // the likeliest to be on the wrong branch, the engine at the start of the chain the least.
    std::vector<int> angles;
    for (int c : columns)
        if (m_problem.isAngle(c)) angles.push_back(c);
    std::stable_sort(angles.begin(), angles.end(), [&](int a, int b) {
        return m_structure.blockOfColumn[size_t(a)] > m_structure.blockOfColumn[size_t(b)];
    });
    std::vector<int> unsettled;
    for (int c : angles) {
        const auto owner = std::find_if(m_problem.blocks().begin(), m_problem.blocks().end(),
                                        [&](const UnknownBlock& u) { return u.offset + 2 == c; });
        if (!m_settled[owner->thing]) unsettled.push_back(c);
    }
    return unsettled.empty() ? angles : unsettled;
}

// A new segment starts from the frame before, which met the constraints before the marker: the
// machine is followed from there to the new constraints along a Newton homotopy (each residual less
// what it was there, that share shrinking to nothing), so the new drive's first frame is the one
// connected to the old position, not whichever Newton happens to fall into. Returns false when
// that path does not lead to a frame that holds; the frame is then solved afresh.
bool SegmentSolver::followFromLastSolution(FrameSummary& summary) {
    std::vector<double> offsets(size_t(m_problem.residualCount()));
    if (!m_problem.evaluate(m_x.data(), offsets.data(), nullptr)) return false;
    const std::vector<double> start = m_x;
    m_problem.setHomotopy(offsets.data(), 1);
    for (auto& b : m_blocks) {  // the branch each block is on where the path starts
        b->noteBranch(m_x.data());
    }
    m_haveVelocity = false;
    m_nextStep = 1;
    track([&](double s) { m_problem.setHomotopy(offsets.data(), 1 - s); }, true, summary);
    m_problem.setHomotopy(nullptr, 0);
    bool holds = !m_failed;
    for (auto& b : m_blocks) {
        holds = holds && b->checksHold(m_x.data());
    }
    if (holds) return true;
    m_x = start;
    m_failed = false;
    summary = {};
    return false;
}

void SegmentSolver::track(const std::function<void(double)>& at, bool jump, FrameSummary& summary) {
    if (jump || !m_haveVelocity) std::fill(m_velocity.begin(), m_velocity.end(), 0.0);
    double s = 0, ds = std::min(1.0, m_nextStep);
    int attempts = 0;
    while (s < 1) {
        const int allowed = std::min(kMaxSubsteps, std::max(1, m_allowance));
        const bool forced = ds <= kMinStep || attempts >= allowed;
        if (attempts >= allowed) {
            ds = 1 - s;
            summary.substepLimit = true;
        }
        const double next = ds >= 1 - s ? 1.0 : s + ds;
        ++attempts;
        at(next);
        if (!stepAlongPath(next - s, forced, summary)) {
            ds *= 0.5;
            continue;
        }
        const double taken = next - s;
        for (size_t i = 0; i < m_x.size(); ++i)
            m_velocity[i] = m_extrapolated[i] ? (m_trial[i] - m_x[i]) / taken : 0.0;
        m_x.swap(m_trial);
        s = next;
        ++summary.substeps;
        ds = std::min(1.0, 2 * ds);
    }
    // A path that failed somewhere says nothing about where the machine goes next; nor does one
    // that bridged a jump in the inputs.
    m_haveVelocity = !jump && !m_failed;
    m_nextStep = ds;
}

// One sub-step of length ds from s, all blocks in order, into m_trial. Returns false when a block
// refused it (the caller halves it).
bool SegmentSolver::stepAlongPath(double ds, bool forced, FrameSummary& summary) {
    for (size_t i = 0; i < m_x.size(); ++i) m_trial[i] = m_x[i] + m_velocity[i] * ds;
    const bool failedBefore = m_failed;
    m_signs.clear();
    for (auto& b : m_blocks) m_signs.push_back(b->detSign());
    for (auto& b : m_blocks) {
        const BlockSolver::Outcome outcome = b->track(m_trial.data(), forced, summary);
        if (outcome == BlockSolver::Outcome::Rejected) {
            summary.blockAt = b->firstConstraint();
            // Forget what this attempt learned: the blocks before it are solved again.
            for (size_t i = 0; i < m_blocks.size(); ++i) m_blocks[i]->restoreDetSign(m_signs[i]);
            m_failed = failedBefore;
            return false;
        }
        if (outcome == BlockSolver::Outcome::DeadCentre) {
            summary.deadCentre = true;
            summary.blockAt = b->firstConstraint();
        }
        if (outcome == BlockSolver::Outcome::Failed) m_failed = true;
    }
    return true;
}

// Whether every row of a square block is affine in its own unknown and reads no other of the
// block's.
bool SegmentSolver::isExplicit(const StructureBlock& s) const {
    if (s.kind != StructureBlock::Kind::Square || !s.checks.empty()) return false;
    for (int r : s.rows) {
        const int own = m_structure.columnOfRow[size_t(r)];
        if (!m_problem.rowAffineIn(r, own)) return false;
        for (int c : m_structure.rowColumns[size_t(r)])
            if (c != own && std::binary_search(s.columns.begin(), s.columns.end(), c)) return false;
    }
    return true;
}

// Where row r's own unknown is among the block's columns.
int SegmentSolver::pivotOf(const StructureBlock& s, int row) const {
    const int own = m_structure.columnOfRow[size_t(row)];
    return int(std::lower_bound(s.columns.begin(), s.columns.end(), own) - s.columns.begin());
}

// Neighbouring one-row blocks of one constraint that need not each other (the x and y rows of
// `Rod.A = Crank.Q`) are solved as one block: one evaluation of the constraint instead of two.
std::vector<StructureBlock> SegmentSolver::mergeExplicitRows(
    const std::vector<StructureBlock>& blocks) const {
    std::vector<StructureBlock> merged;
    auto constraintOf = [&](const StructureBlock& s) {
        return m_problem.rows()[size_t(s.rows.front())].constraint;
    };
    for (const StructureBlock& s : blocks) {
        const bool single = s.rows.size() == 1 && isExplicit(s);
        if (single && !merged.empty() && isExplicit(merged.back()) &&
            constraintOf(merged.back()) == constraintOf(s)) {
            StructureBlock joined = merged.back();
            joined.rows.push_back(s.rows[0]);
            joined.columns.push_back(s.columns[0]);
            std::sort(joined.rows.begin(), joined.rows.end());
            std::sort(joined.columns.begin(), joined.columns.end());
            if (isExplicit(joined)) {
                merged.back() = std::move(joined);
                continue;
            }
        }
        merged.push_back(s);
    }
    return merged;
}

void SegmentSolver::finishFrame(FrameSummary& summary, FrameSolution& state) {
    m_problem.scatter(m_x.data(), state);
    bool off = m_failed;
    for (auto& b : m_blocks) {
        if (!b->checksHold(m_x.data())) off = true;
    }
    off = off || !m_structure.constantChecks.empty();
    state.failed = false;
    if (off) {
        // Name what is off: every constraint, evaluated once more at the frame's solution.
        std::vector<double> residuals(size_t(m_problem.residualCount()));
        m_problem.evaluate(m_x.data(), residuals.data(), nullptr);
        for (const CompiledConstraint& c : m_problem.constraints()) {
            double squares = 0;
            for (int r = 0; r < c.residualCount; ++r)
                squares += std::pow(residuals[size_t(c.firstResidual + r)], 2);
            const double by = std::sqrt(squares);
            summary.largestResidual =
                std::max(summary.largestResidual, std::isfinite(by) ? by : 0.0);
            if (std::isfinite(by) && by <= m_options.tolerance) continue;
            summary.off.push_back({c.id, by});
            if (!std::isfinite(by)) summary.termination = Termination::NotANumber;
        }
        state.failed = !summary.off.empty();
        if (state.failed && summary.termination == Termination::Converged)
            summary.termination = m_failed ? Termination::IterationLimit : Termination::NoProgress;
        if (!state.failed) m_failed = false;
    }
    state.summary = std::move(summary);
}

std::vector<ConstraintId> SegmentSolver::support(ConstraintId constraint) const {
    std::set<int> rows;
    for (size_t r = 0; r < m_problem.rows().size(); ++r) {
        if (m_problem.constraints()[size_t(m_problem.rows()[r].constraint)].id != constraint)
            continue;
        for (int q : m_structure.support(int(r))) rows.insert(q);
    }
    std::set<ConstraintId> ids;
    for (int r : rows)
        ids.insert(m_problem.constraints()[size_t(m_problem.rows()[size_t(r)].constraint)].id);
    ids.erase(constraint);
    return {ids.begin(), ids.end()};
}

std::vector<Diagnostic> SegmentSolver::reportFreedom(double lever) {
    // All free blocks as one problem: they share no row, so its null space is theirs together,
    // and a thing free in two of them (along y, and about its anchor) is described once.
    std::vector<int> rows, columns;
    for (const auto& b : m_blocks) {
        if (b->structure().kind != StructureBlock::Kind::Free) continue;
        rows.insert(rows.end(), b->structure().rows.begin(), b->structure().rows.end());
        columns.insert(columns.end(), b->structure().columns.begin(), b->structure().columns.end());
    }
    if (columns.empty()) return {};
    std::sort(rows.begin(), rows.end());
    std::sort(columns.begin(), columns.end());
    BlockProblem free(m_problem, rows, columns);
    free.setContext(m_x.data());
    std::vector<double> x(columns.size());
    free.gather(m_x.data(), x.data());
    return mv::reportFreedom(m_script, m_problem, free, x, m_x, lever);
}

}  // namespace mv
