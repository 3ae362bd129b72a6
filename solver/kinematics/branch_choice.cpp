// SegmentSolver's branch choice: where time does not decide which solution a frame takes (the
// first frame of a segment, a frame after a conflict or a drag), the rules of
// docs/reference.md#branch-rules do. Each block chooses among the solutions Newton reaches from a
// few starts; a block whose inequalities fail on every branch of its own turns the blocks it reads
// (turnUpstream).
#include "solver/kinematics/segment_solver.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <set>

#include "solver/kinematics/block_solver.h"
#include "solver/kinematics/solver_constants.h"

namespace mv {

namespace {

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

// Solves block `index` afresh, the blocks before it known, choosing among its solutions by the
// rules of docs/reference.md#branch-rules, in this order: its rows hold; its inequalities (and
// left-over rows) hold; every variable whose value the start had keeps its sign; the poses nearest
// the reference (the definition poses at the first frame, the frame before otherwise). The
// solutions are those Newton reaches from where the block is and from the reference, each as it is
// and with its things' angles turned by half a turn (every combination up to three angles, one at a
// time beyond); when none of them holds (a crank exactly 90° from its pull, on a saddle), from
// nudged starts too. Only this block is solved for each, so the work grows with the blocks, not
// with the product of their branches. The others that hold are kept, best first, for turnUpstream.
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
    std::vector<size_t> scalars;  // the block's scalar variables, positions among its columns
    for (size_t j = 0; j < s.columns.size(); ++j)
        if (m_scalarVariable[size_t(s.columns[j])]) scalars.push_back(j);
    const BlockSolver::Memory memory = block.memory();
    if (!block.hasBranches() || angles.empty()) {
        // One solution, or a free part that moves as little as it can: from where it is, and
        // turned or nudged only when it is stuck there (a thing pinned at two points, started
        // far off; `[x, y].length = 5` with y = 4, started at x = 0 where the length's slope in
        // x is 0).
        const Choice choice = solveFrom(base, summary);
        wrap();
        if (choice.solved || (angles.empty() && scalars.empty())) return choice;
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
        bool branchHeld = false;  // on the branch of the last frame that held, or none known
        Distance distance;
    };
    auto better = [](const Candidate& a, const Candidate& b) {
        if (a.choice.solved != b.choice.solved) return a.choice.solved;
        if (a.choice.checks != b.choice.checks) return a.choice.checks;
        if (a.signs != b.signs) return a.signs;
        if (a.branchHeld != b.branchHeld) return a.branchHeld;
        return a.distance.nearer(b.distance);
    };
    // After a conflict the frame before is a compromise, as near one branch as the other where a
    // loop could not close: the branch is the one the block had when it last held (rule 3).
    const int held = block.heldDetSign();
    std::vector<Candidate> candidates;
    auto attempt = [&](std::vector<double> start) {
        block.recall(memory);
        FrameSummary trial;
        Candidate c;
        c.choice = solveFrom(start, trial);
        wrap();
        c.start = std::move(start);
        c.signs = keepsSigns(s.columns);
        c.branchHeld = held == 0 || block.detSign() == held;
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
    auto mirrorOf = [&](std::vector<double> solution) {
        for (size_t j : angles) solution[j] += std::numbers::pi;
        for (size_t j : scalars) solution[j] = -solution[j];
        return solution;
    };
    for (size_t i = 0; i < found; ++i) {
        if (!candidates[i].choice.solved) continue;
        std::vector<double> mirror = mirrorOf(candidates[i].solution);
        if (std::find(mirrored.begin(), mirrored.end(), mirror) == mirrored.end())
            mirrored.push_back(std::move(mirror));
    }
    for (std::vector<double>& start : mirrored) attempt(std::move(start));
    const bool anySolved = std::any_of(candidates.begin(), candidates.end(),
                                       [](const Candidate& c) { return c.choice.solved; });
    const double lever = angleLever(m_script.config);
    for (int retry = 1; !anySolved && retry <= std::min(kMaxRetries, m_options.retries); ++retry) {
        std::mt19937 random(static_cast<unsigned>(retry));
        std::uniform_real_distribution<double> nudge(-kNudge, kNudge);
        std::vector<double> start = base;
        for (size_t a = 0; a < angles.size(); ++a) {
            start[angles[a]] += nudge(random);
            if (a < 31 && (retry >> a) & 1) start[angles[a]] += std::numbers::pi;
        }
        // A variable is nudged by as much as an angle's nudge moves an anchor at the lever.
        for (size_t j : scalars) start[j] += nudge(random) * lever;
        attempt(std::move(start));
        if (!candidates.back().choice.solved) continue;
        // Off a saddle Newton falls to one side: the other side is the solution's mirror.
        attempt(mirrorOf(candidates.back().solution));
        break;
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
bool SegmentSolver::leftHeldBranch() const {
    return std::any_of(m_blocks.begin(), m_blocks.end(), [](const auto& b) {
        return b->hasBranches() && b->heldDetSign() != 0 && b->detSign() != 0 &&
               b->detSign() != b->heldDetSign();
    });
}

bool SegmentSolver::keepsSigns(const std::vector<int>& columns) const {
    for (int c : columns) {
        if (!m_scalarVariable[size_t(c)]) continue;
        const double was = m_reference[size_t(c)], now = m_x[size_t(c)];
        if ((was > 0 && now < 0) || (was < 0 && now > 0)) return false;
    }
    return true;
}

}  // namespace mv
