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
// Blocks before one whose inequalities fail that are tried on their other branches.
constexpr size_t kMaxUpstreamBlocks = 8;
// Two solutions of a block closer than this in every unknown are the same branch.
constexpr double kSameSolution = 1e-6;
// Two solutions whose things turn from the reference by amounts this close (relative) turn alike.
constexpr double kSameTurns = 1e-9;

}  // namespace

SegmentSolver::SegmentSolver(const Script& script, const Segment& segment,
                             const SolveOptions& options)
    : m_script(script), m_options(options), m_problem(script, segment) {
    const int n = m_problem.unknownCount();
    m_weights = m_problem.distanceWeights(angleLever(script.config));
    m_structure = analyseStructure(m_problem);
    m_poseWeights.assign(size_t(n), 0.0);
    m_scalarVariable.assign(size_t(n), false);
    for (const UnknownBlock& b : m_problem.blocks()) {
        if (b.kind == UnknownBlock::Kind::Variable) {
            m_scalarVariable[size_t(b.offset)] = b.size == 1;
            continue;
        }
        double size = 1;  // a thing whose anchors are all at its origin still turns
        for (const Anchor& anchor : script.things[b.thing].anchors)
            size = std::max(size, anchor.local.length());
        m_poseWeights[size_t(b.offset)] = 1;
        m_poseWeights[size_t(b.offset) + 1] = 1;
        m_poseWeights[size_t(b.offset) + 2] = size;
    }

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
    for (int c = 0; c < n; ++c) m_allColumns.push_back(c);
    m_blockOfColumn.assign(size_t(n), -1);
    for (size_t i = 0; i < m_blocks.size(); ++i)
        for (int c : m_blocks[i]->structure().columns) m_blockOfColumn[size_t(c)] = int(i);
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
        m_reference = m_x;
        if (startHolds()) {
            // Already a frame (the frame ahead of an edit that changed nothing here, a marker
            // whose constraints the machine meets): taken as it is, bit for bit.
            for (auto& b : m_blocks) b->noteBranch(m_x.data());
            m_haveVelocity = false;
            m_nextStep = 1;
            finishFrame(summary, state);
            m_previousInputs = inputs;
            m_started = true;
            return;
        }
        // Across a marker every `_` and variable keeps its sign (LANGUAGE.md §9): a path from
        // the frame before that turns one over (a drive that jumps by more than 90° passes `c`
        // through zero) is chosen again from where it led, among the solutions that keep them.
        const bool followed =
            continuity == Continuity::NewSegment && followFromLastSolution(summary);
        if (!followed || !keepsSigns(m_allColumns)) solveFresh(summary);
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

// Whether every equation and inequality holds at m_x as it is.
bool SegmentSolver::startHolds() {
    if (!m_structure.constantChecks.empty()) return false;
    std::vector<double> residuals(size_t(m_problem.residualCount()));
    if (!m_problem.evaluate(m_x.data(), residuals.data(), nullptr)) return false;
    return std::all_of(residuals.begin(), residuals.end(),
                       [](double r) { return std::abs(r) <= kConverged; });
}

void SegmentSolver::solveFresh(FrameSummary& summary) {
    m_haveVelocity = false;
    m_nextStep = 1;
    std::vector<int> failing;
    m_failed = !passFresh(summary, failing);
}

// Solves every block afresh from m_x, in order, each choosing among its branches (chooseBranch).
// Returns whether everything holds; `failing` gets the rows that do not.
bool SegmentSolver::passFresh(FrameSummary& summary, std::vector<int>& failing) {
    failing.clear();
    m_alternatives.assign(m_blocks.size(), {});
    for (size_t i = 0; i < m_blocks.size(); ++i) {
        Choice choice = chooseBranch(i, summary);
        if (choice.solved && !choice.checks && turnUpstream(i, summary)) choice.checks = true;
        const StructureBlock& s = m_blocks[i]->structure();
        if (!choice.solved) failing.insert(failing.end(), s.rows.begin(), s.rows.end());
        if (!choice.checks && !m_blocks[i]->checksHold(m_x.data()))
            failing.insert(failing.end(), s.checks.begin(), s.checks.end());
    }
    return failing.empty();
}

// Solves block `index` afresh, the blocks before it known, choosing among its solutions by the
// rules of LANGUAGE.md §9, in this order: its rows hold; its inequalities (and left-over rows)
// hold; every variable whose value the start had keeps its sign; the poses nearest the reference
// (the definition poses at the first frame, the frame before otherwise). The solutions are those
// Newton reaches from where the block is and from the reference, each as it is and with its
// things' angles turned by half a turn (every combination up to three angles, one at a time
// beyond); when none of them holds (a crank exactly 90° from its pull, on a saddle), from nudged
// starts too. Only this block is solved for each, so the work grows with the blocks, not with
// the product of their branches. The others that hold are kept, best first, for turnUpstream.
SegmentSolver::Choice SegmentSolver::chooseBranch(size_t index, FrameSummary& summary) {
    BlockSolver& block = *m_blocks[index];
    const StructureBlock& s = block.structure();
    std::vector<size_t> angles;  // positions among the block's columns
    for (size_t j = 0; j < s.columns.size(); ++j)
        if (m_problem.isAngle(s.columns[j])) angles.push_back(j);
    auto solveFrom = [&](const std::vector<double>& start, FrameSummary& into) {
        for (size_t j = 0; j < s.columns.size(); ++j) m_x[size_t(s.columns[j])] = start[j];
        Choice choice;
        choice.solved = block.solveFresh(m_x.data(), into) != BlockSolver::Outcome::Failed;
        choice.checks = choice.solved && block.checksHold(m_x.data());
        return choice;
    };
    std::vector<double> base(s.columns.size()), reference(s.columns.size());
    for (size_t j = 0; j < s.columns.size(); ++j) {
        base[j] = m_x[size_t(s.columns[j])];
        reference[j] = m_reference[size_t(s.columns[j])];
    }
    // An angle is known only modulo a full turn: each is kept nearest where the block started.
    auto wrap = [&] {
        for (size_t j : angles) {
            double& angle = m_x[size_t(s.columns[j])];
            angle = base[j] + std::remainder(angle - base[j], 2 * std::numbers::pi);
        }
    };
    const BlockSolver::Memory memory = block.memory();
    if (!block.hasBranches() || angles.empty()) {
        // One solution, or a free part that moves as little as it can: from where it is, and
        // turned only when it is stuck there (a thing pinned at two points, started far off).
        const Choice choice = solveFrom(base, summary);
        wrap();
        if (choice.solved || angles.empty()) return choice;
        block.recall(memory);
    }

    std::vector<std::vector<double>> starts;
    for (const std::vector<double>* from : {&base, &reference}) {
        if (from == &reference && reference == base) break;
        const size_t k = angles.size();
        const size_t combinations = k <= 3 ? size_t(1) << k : k + 1;
        for (size_t c = 0; c < combinations; ++c) {
            std::vector<double> start = *from;
            for (size_t a = 0; a < k; ++a) {
                const bool turn = k <= 3 ? ((c >> a) & 1) != 0 : c == a + 1;
                if (turn) start[angles[a]] += std::numbers::pi;
            }
            starts.push_back(std::move(start));
        }
    }

    struct Candidate {
        std::vector<double> start, solution;
        Choice choice;
        bool signs = false;
        Distance distance;
    };
    auto better = [](const Candidate& a, const Candidate& b) {
        if (a.choice.solved != b.choice.solved) return a.choice.solved;
        if (a.choice.checks != b.choice.checks) return a.choice.checks;
        if (a.signs != b.signs) return a.signs;
        return a.distance.nearer(b.distance);
    };
    std::vector<Candidate> candidates;
    auto attempt = [&](std::vector<double> start) {
        block.recall(memory);
        FrameSummary trial;
        Candidate c;
        c.choice = solveFrom(start, trial);
        wrap();
        c.start = std::move(start);
        c.signs = keepsSigns(s.columns);
        c.distance = distanceFromReference(s);
        for (int column : s.columns) c.solution.push_back(m_x[size_t(column)]);
        candidates.push_back(std::move(c));
    };
    for (std::vector<double>& start : starts) attempt(std::move(start));
    // Newton from two starts often lands on the same solution. A solution's mirror, its things
    // turned by half a turn and its variables negated, is where the other lies when the block
    // reads its variables along its things (`Q = P + [_,0].rotate(a)`: exactly there), and near
    // it for a loop: one more start from each solution found so far.
    const size_t found = candidates.size();
    std::vector<std::vector<double>> mirrored;
    for (size_t i = 0; i < found; ++i) {
        if (!candidates[i].choice.solved) continue;
        std::vector<double> mirror = candidates[i].solution;
        for (size_t j : angles) mirror[j] += std::numbers::pi;
        for (size_t j = 0; j < s.columns.size(); ++j)
            if (m_scalarVariable[size_t(s.columns[j])]) mirror[j] = -mirror[j];
        if (std::find(mirrored.begin(), mirrored.end(), mirror) == mirrored.end())
            mirrored.push_back(std::move(mirror));
    }
    for (std::vector<double>& start : mirrored) attempt(std::move(start));
    const bool anySolved = std::any_of(candidates.begin(), candidates.end(),
                                       [](const Candidate& c) { return c.choice.solved; });
    for (int retry = 1; !anySolved && retry <= std::min(kMaxRetries, m_options.retries); ++retry) {
        std::mt19937 random(static_cast<unsigned>(retry));
        std::uniform_real_distribution<double> nudge(-kNudge, kNudge);
        std::vector<double> start = base;
        for (size_t a = 0; a < angles.size(); ++a) {
            start[angles[a]] += nudge(random);
            if (a < 31 && (retry >> a) & 1) start[angles[a]] += std::numbers::pi;
        }
        attempt(std::move(start));
        if (candidates.back().choice.solved) break;
    }

    std::vector<size_t> order(candidates.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return better(candidates[a], candidates[b]); });
    const Candidate& best = candidates[order.front()];
    // The other solutions that hold, each once.
    std::vector<std::vector<double>> seen{best.solution};
    for (size_t i : order) {
        const Candidate& c = candidates[i];
        if (!c.choice.solved) break;
        const bool known = std::any_of(seen.begin(), seen.end(), [&](const auto& solution) {
            for (size_t j = 0; j < solution.size(); ++j)
                if (!(std::abs(solution[j] - c.solution[j]) <= kSameSolution)) return false;
            return true;
        });
        if (known) continue;
        seen.push_back(c.solution);
        m_alternatives[index].push_back(c.start);
    }
    // Once more from the best start, so the block's memory (its branch, what it met) is that
    // solution's, and the summary counts it.
    block.recall(memory);
    const Choice choice = solveFrom(best.start, summary);
    wrap();
    return choice;
}

// Block `index` holds, but not its inequalities on any branch of its own: they read a block
// before it that is on the wrong branch (`x < Crank.P.x` checks the slider, but the conrod's
// angle decides it). The other branches of the blocks they read are tried, latest first, one
// block at a time, with the blocks between chosen again after it; the first that makes them all
// hold is kept. At most kMaxUpstreamBlocks blocks are tried, so the work stays linear in the
// inequalities.
bool SegmentSolver::turnUpstream(size_t index, FrameSummary& summary) {
    const std::vector<double> saved = m_x;
    std::vector<size_t> upstream;
    for (size_t u : blocksReadBy(index))
        if (!m_alternatives[u].empty()) upstream.push_back(u);
    if (upstream.size() > kMaxUpstreamBlocks) upstream.resize(kMaxUpstreamBlocks);
    for (size_t u : upstream) {
        std::vector<BlockSolver::Memory> memories;
        for (size_t j = u; j <= index; ++j) memories.push_back(m_blocks[j]->memory());
        const std::vector<std::vector<double>> alternatives = m_alternatives[u];
        const StructureBlock& s = m_blocks[u]->structure();
        for (const std::vector<double>& start : alternatives) {
            FrameSummary trial;
            for (size_t j = 0; j < s.columns.size(); ++j) m_x[size_t(s.columns[j])] = start[j];
            bool holds =
                m_blocks[u]->solveFresh(m_x.data(), trial) != BlockSolver::Outcome::Failed &&
                m_blocks[u]->checksHold(m_x.data());
            for (size_t j = 0; j < s.columns.size(); ++j) {
                double& value = m_x[size_t(s.columns[j])];
                const double was = saved[size_t(s.columns[j])];
                if (m_problem.isAngle(s.columns[j]))
                    value = was + std::remainder(value - was, 2 * std::numbers::pi);
            }
            for (size_t j = u + 1; holds && j <= index; ++j) {
                const Choice choice = chooseBranch(j, trial);
                holds = choice.solved && choice.checks;
            }
            if (holds) {
                summary.iterations += trial.iterations;
                summary.largestResidual = std::max(summary.largestResidual, trial.largestResidual);
                return true;
            }
            m_x = saved;
            for (size_t j = u; j <= index; ++j) m_blocks[j]->recall(memories[j - u]);
        }
    }
    return false;
}

// The blocks before `index` that its checks read, and those that these read, latest first.
std::vector<size_t> SegmentSolver::blocksReadBy(size_t index) const {
    std::set<size_t> found;
    const StructureBlock& own = m_blocks[index]->structure();
    std::vector<int> pending = own.checks;
    pending.insert(pending.end(), own.rows.begin(), own.rows.end());
    std::set<int> visited(pending.begin(), pending.end());
    while (!pending.empty()) {
        const int row = pending.back();
        pending.pop_back();
        for (int c : m_structure.rowColumns[size_t(row)]) {
            const int b = m_blockOfColumn[size_t(c)];
            if (b < 0 || size_t(b) >= index || !found.insert(size_t(b)).second) continue;
            for (int r : m_blocks[size_t(b)]->structure().rows)
                if (visited.insert(r).second) pending.push_back(r);
        }
    }
    return {found.rbegin(), found.rend()};
}

// How far the block's things are from the reference: their turns, as the arc each thing's
// farthest anchor sweeps (an angle modulo a full turn), and their positions.
SegmentSolver::Distance SegmentSolver::distanceFromReference(const StructureBlock& s) const {
    Distance distance;
    for (int c : s.columns) {
        double d = m_x[size_t(c)] - m_reference[size_t(c)];
        if (m_problem.isAngle(c)) {
            d = std::remainder(d, 2 * std::numbers::pi);
            distance.turns += std::pow(m_poseWeights[size_t(c)] * d, 2);
        } else {
            distance.positions += std::pow(m_poseWeights[size_t(c)] * d, 2);
        }
    }
    return distance;
}

// Turns first: a thing's position says where its origin is, which a half turn about the anchor a
// constraint pins moves by twice the anchor's offset. Measured with the turn, an engine put far
// from where it is defined would be nearer upside down whenever its origin lies on the far side
// of its pinned anchor. Positions decide between solutions that turn the things alike.
bool SegmentSolver::Distance::nearer(const Distance& other) const {
    const double tie = kSameTurns * (1 + std::max(turns, other.turns));
    if (std::abs(turns - other.turns) > tie) return turns < other.turns;
    return positions < other.positions;
}

// Whether every scalar variable among `columns` that the reference gives a sign keeps it.
bool SegmentSolver::keepsSigns(const std::vector<int>& columns) const {
    for (int c : columns) {
        if (!m_scalarVariable[size_t(c)]) continue;
        const double was = m_reference[size_t(c)], now = m_x[size_t(c)];
        if ((was > 0 && now < 0) || (was < 0 && now > 0)) return false;
    }
    return true;
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
        const bool passedBefore = summary.deadCentre;
        if (!stepAlongPath(next - s, forced, summary)) {
            ds *= 0.5;
            continue;
        }
        if (summary.deadCentre && !passedBefore && s == 0 && next <= kMinStep)
            summary.deadCentreAtStart = true;
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
