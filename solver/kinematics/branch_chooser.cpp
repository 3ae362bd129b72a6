#include "solver/kinematics/branch_chooser.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <set>

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

// The starts of a block with things to turn: from `base` (where the block is) and from
// `reference` when that differs, each as it is and with its things' angles turned by half a turn,
// every combination up to three angles, one at a time beyond (so the starts stay few however
// many things the block turns).
std::vector<std::vector<double>> halfTurnStarts(const std::vector<double>& base,
                                                const std::vector<double>& reference,
                                                const std::vector<size_t>& angles) {
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
    return starts;
}

// A solution's mirror, its things turned by half a turn and its variables negated, is where the
// other solution lies when the block reads its variables along its things
// (`Q = P + [_,0].rotate(a)`: exactly there), and near it for a loop.
std::vector<double> mirrorOf(std::vector<double> solution, const std::vector<size_t>& angles,
                             const std::vector<size_t>& scalars) {
    for (size_t j : angles) solution[j] += std::numbers::pi;
    for (size_t j : scalars) solution[j] = -solution[j];
    return solution;
}

// Whether `a` and `b` are the same branch (a NaN is never the same as anything).
bool sameSolution(const std::vector<double>& a, const std::vector<double>& b) {
    for (size_t j = 0; j < a.size(); ++j)
        if (!(std::abs(a[j] - b[j]) <= kSameSolution)) return false;
    return true;
}

bool knownSolution(const std::vector<std::vector<double>>& seen,
                   const std::vector<double>& solution) {
    for (const std::vector<double>& other : seen)
        if (sameSolution(other, solution)) return true;
    return false;
}

}  // namespace

// The rules of docs/reference.md#branch-rules, in their order: a solution whose rows hold; whose
// inequalities and left-over rows hold; whose variables keep their signs; on the branch the block
// held when a frame last held (after a conflict the frame before is a compromise, as near one
// branch as the other where a loop could not close: rule 3); nearest the reference.
struct BranchChooser::Candidate {
    std::vector<double> start, solution;
    Choice choice;
    bool signs = false;
    bool branchHeld = false;  // on the branch of the last frame that held, or none known
    Distance distance;

    bool betterThan(const Candidate& other) const {
        if (choice.solved != other.choice.solved) return choice.solved;
        if (choice.checks != other.choice.checks) return choice.checks;
        if (signs != other.signs) return signs;
        if (branchHeld != other.branchHeld) return branchHeld;
        return distance.nearer(other.distance);
    }
    static bool ranksBefore(const Candidate* a, const Candidate* b) { return a->betterThan(*b); }
};

// What the steps of chooseBranch share about the block being chosen. Positions are among the
// block's columns.
struct BranchChooser::BlockAttempts {
    BlockAttempts(size_t index, BlockSolver& block)
        : index(index), block(block), columns(block.structure().columns) {}

    bool anySolved() const {
        for (const Candidate& c : candidates)
            if (c.choice.solved) return true;
        return false;
    }
    // Best first; stable, so among equals the earlier start wins.
    std::vector<const Candidate*> ranked() const {
        std::vector<const Candidate*> order;
        for (const Candidate& c : candidates) order.push_back(&c);
        std::stable_sort(order.begin(), order.end(), &Candidate::ranksBefore);
        return order;
    }

    size_t index;
    BlockSolver& block;
    const std::vector<int>& columns;
    std::vector<size_t> angles;   // its things' angles
    std::vector<size_t> scalars;  // its scalar variables
    // Where the block was when the choice began: an angle is known only modulo a full turn, and
    // each is kept nearest here.
    std::vector<double> base;
    std::vector<double> reference;  // its part of the chooser's reference
    // What the block knew before (its branch, what it met): put back before each start, so that
    // no start inherits what another left.
    BlockSolver::Memory memory;
    int held = 0;  // the branch it had when a frame last held (BlockSolver::heldDetSign)
    std::vector<Candidate> candidates;
};

BranchChooser::BranchChooser(const Script& script, SegmentProblem& problem,
                             const SegmentStructure& structure, BlockSolvers& blocks,
                             std::vector<double>& values, const SolveOptions& options)
    : m_script(script),
      m_problem(problem),
      m_structure(structure),
      m_blocks(blocks),
      m_x(values),
      m_options(options) {
    const size_t n = size_t(m_problem.unknownCount());
    m_poseWeights.assign(n, 0.0);
    m_scalarVariable.assign(n, false);
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
    m_blockOfColumn.assign(n, -1);
    for (size_t i = 0; i < m_blocks.size(); ++i)
        for (int c : m_blocks[i]->structure().columns) m_blockOfColumn[size_t(c)] = int(i);
}

bool BranchChooser::solveAll(FrameSummary& summary) {
    std::vector<int> failing;  // the rows that do not hold
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

// Solves block `index` afresh, the blocks before it known, taking the best by the rules
// (Candidate::betterThan) of the solutions Newton reaches from where the block is and from the
// reference, each as it is and turned by half turns, then from their mirrors, and from nudged
// starts when none of those holds (a crank exactly 90° from its pull, on a saddle). Only this
// block is solved for each, so the work grows with the blocks, not with the product of their
// branches. The others that hold are kept, best first, for turnUpstream.
BranchChooser::Choice BranchChooser::chooseBranch(size_t index, FrameSummary& summary) {
    BlockAttempts attempts = beginAttempts(index);
    if (const std::optional<Choice> choice = solveWithoutChoice(attempts, summary)) return *choice;
    for (std::vector<double>& start :
         halfTurnStarts(attempts.base, attempts.reference, attempts.angles))
        attempt(attempts, std::move(start));
    attemptMirrors(attempts);
    if (!attempts.anySolved()) attemptNudged(attempts);
    const std::vector<const Candidate*> ranked = attempts.ranked();
    keepAlternatives(attempts, ranked);
    // Once more from the best start, so the block's memory (its branch, what it met) is that
    // solution's, and the summary counts it.
    attempts.block.recall(attempts.memory);
    const Choice choice = solveFrom(attempts, ranked.front()->start, summary);
    wrapAngles(attempts);
    return choice;
}

BranchChooser::BlockAttempts BranchChooser::beginAttempts(size_t index) const {
    BlockAttempts attempts(index, *m_blocks[index]);
    const std::vector<int>& columns = attempts.columns;
    for (size_t j = 0; j < columns.size(); ++j)
        if (m_problem.isAngle(columns[j])) attempts.angles.push_back(j);
    attempts.base.resize(columns.size());
    attempts.reference.resize(columns.size());
    for (size_t j = 0; j < columns.size(); ++j) {
        attempts.base[j] = m_x[size_t(columns[j])];
        attempts.reference[j] = m_reference[size_t(columns[j])];
    }
    for (size_t j = 0; j < columns.size(); ++j)
        if (m_scalarVariable[size_t(columns[j])]) attempts.scalars.push_back(j);
    attempts.memory = attempts.block.memory();
    // After a conflict the frame before is a compromise: the branch is the one the block had
    // when it last held (rule 3).
    attempts.held = attempts.block.heldDetSign();
    return attempts;
}

// A block with one solution, or a free part that moves as little as it can, is solved from
// where it is, and turned or nudged only when it is stuck there (a thing pinned at two points,
// started far off; `[x, y].length = 5` with y = 4, started at x = 0 where the length's slope in x
// is 0): then there is no choice yet, and the block is as it was.
std::optional<BranchChooser::Choice> BranchChooser::solveWithoutChoice(BlockAttempts& attempts,
                                                                       FrameSummary& summary) {
    if (attempts.block.hasBranches() && !attempts.angles.empty()) return std::nullopt;
    const Choice choice = solveFrom(attempts, attempts.base, summary);
    wrapAngles(attempts);
    if (choice.solved || (attempts.angles.empty() && attempts.scalars.empty())) return choice;
    attempts.block.recall(attempts.memory);
    return std::nullopt;
}

BranchChooser::Choice BranchChooser::solveFrom(BlockAttempts& attempts,
                                               const std::vector<double>& start,
                                               FrameSummary& into) {
    for (size_t j = 0; j < attempts.columns.size(); ++j)
        m_x[size_t(attempts.columns[j])] = start[j];
    Choice choice;
    choice.solved = attempts.block.solveFresh(m_x.data(), into) != BlockSolver::Outcome::Failed;
    choice.checks = choice.solved && attempts.block.checksHold(m_x.data());
    return choice;
}

// An angle is known only modulo a full turn: each is kept nearest where the block started.
void BranchChooser::wrapAngles(const BlockAttempts& attempts) {
    for (size_t j : attempts.angles) {
        double& angle = m_x[size_t(attempts.columns[j])];
        angle = attempts.base[j] + std::remainder(angle - attempts.base[j], 2 * std::numbers::pi);
    }
}

// Solves the block from `start` as if it were the first start, and keeps where that led.
void BranchChooser::attempt(BlockAttempts& attempts, std::vector<double> start) {
    attempts.block.recall(attempts.memory);
    FrameSummary trial;
    Candidate c;
    c.choice = solveFrom(attempts, start, trial);
    wrapAngles(attempts);
    c.start = std::move(start);
    c.signs = keepsSigns(attempts.columns);
    c.branchHeld = attempts.held == 0 || attempts.block.detSign() == attempts.held;
    c.distance = distanceFromReference(attempts.block.structure());
    for (int column : attempts.columns) c.solution.push_back(m_x[size_t(column)]);
    attempts.candidates.push_back(std::move(c));
}

// Newton from two starts often lands on the same solution, and the other branch then lies at or
// near its mirror: one more start from the mirror of each solution found so far.
void BranchChooser::attemptMirrors(BlockAttempts& attempts) {
    const size_t found = attempts.candidates.size();
    std::vector<std::vector<double>> mirrored;
    for (size_t i = 0; i < found; ++i) {
        if (!attempts.candidates[i].choice.solved) continue;
        std::vector<double> mirror =
            mirrorOf(attempts.candidates[i].solution, attempts.angles, attempts.scalars);
        if (std::find(mirrored.begin(), mirrored.end(), mirror) == mirrored.end())
            mirrored.push_back(std::move(mirror));
    }
    for (std::vector<double>& start : mirrored) attempt(attempts, std::move(start));
}

// No start held (on a saddle): restarts from `base` nudged, seeded by the restart's number so
// that the choice is the same every time, until one holds; then its mirror too.
void BranchChooser::attemptNudged(BlockAttempts& attempts) {
    const double lever = angleLever(m_script.config);
    for (int retry = 1; retry <= std::min(kMaxRetries, m_options.retries); ++retry) {
        std::mt19937 random(static_cast<unsigned>(retry));
        std::uniform_real_distribution<double> nudge(-kNudge, kNudge);
        std::vector<double> start = attempts.base;
        for (size_t a = 0; a < attempts.angles.size(); ++a) {
            start[attempts.angles[a]] += nudge(random);
            if (a < 31 && (retry >> a) & 1) start[attempts.angles[a]] += std::numbers::pi;
        }
        // A variable is nudged by as much as an angle's nudge moves an anchor at the lever.
        for (size_t j : attempts.scalars) start[j] += nudge(random) * lever;
        attempt(attempts, std::move(start));
        if (!attempts.candidates.back().choice.solved) continue;
        // Off a saddle Newton falls to one side: the other side is the solution's mirror.
        attempt(attempts,
                mirrorOf(attempts.candidates.back().solution, attempts.angles, attempts.scalars));
        break;
    }
}

// The other solutions that hold, each once, for turnUpstream.
void BranchChooser::keepAlternatives(const BlockAttempts& attempts,
                                     const std::vector<const Candidate*>& ranked) {
    std::vector<std::vector<double>> seen{ranked.front()->solution};
    for (const Candidate* c : ranked) {
        if (!c->choice.solved) break;
        if (knownSolution(seen, c->solution)) continue;
        seen.push_back(c->solution);
        m_alternatives[attempts.index].push_back(c->start);
    }
}

// Block `index` holds, but not its inequalities on any branch of its own: they read a block
// before it that is on the wrong branch (`x < Crank.P.x` checks the slider, but the conrod's
// angle decides it). The other branches of the blocks they read are tried, latest first, one
// block at a time, with the blocks between chosen again after it; the first that makes them all
// hold is kept. At most kMaxUpstreamBlocks blocks are tried, so the work stays linear in the
// inequalities.
bool BranchChooser::turnUpstream(size_t index, FrameSummary& summary) {
    const std::vector<double> saved = m_x;
    std::vector<size_t> upstream;
    for (size_t u : blocksReadBy(index))
        if (!m_alternatives[u].empty()) upstream.push_back(u);
    if (upstream.size() > kMaxUpstreamBlocks) upstream.resize(kMaxUpstreamBlocks);
    for (size_t u : upstream) {
        std::vector<BlockSolver::Memory> memories;
        for (size_t j = u; j <= index; ++j) memories.push_back(m_blocks[j]->memory());
        // A copy: choosing the blocks after `u` again adds to their own alternatives.
        const std::vector<std::vector<double>> alternatives = m_alternatives[u];
        for (const std::vector<double>& start : alternatives) {
            FrameSummary trial;
            if (holdsWithAlternative(u, index, start, saved, trial)) {
                summary.iterations += trial.iterations;
                return true;
            }
            m_x = saved;
            for (size_t j = u; j <= index; ++j) m_blocks[j]->recall(memories[j - u]);
        }
    }
    return false;
}

// Solves block `upstream` from another of its solutions' starts and chooses the blocks after it,
// up to `index`, again. Returns whether they all hold, inequalities too.
bool BranchChooser::holdsWithAlternative(size_t upstream, size_t index,
                                         const std::vector<double>& start,
                                         const std::vector<double>& saved, FrameSummary& trial) {
    BlockSolver& block = *m_blocks[upstream];
    const StructureBlock& s = block.structure();
    for (size_t j = 0; j < s.columns.size(); ++j) m_x[size_t(s.columns[j])] = start[j];
    bool holds = block.solveFresh(m_x.data(), trial) != BlockSolver::Outcome::Failed &&
                 block.checksHold(m_x.data());
    for (size_t j = 0; j < s.columns.size(); ++j) {
        double& value = m_x[size_t(s.columns[j])];
        const double was = saved[size_t(s.columns[j])];
        if (m_problem.isAngle(s.columns[j]))
            value = was + std::remainder(value - was, 2 * std::numbers::pi);
    }
    for (size_t j = upstream + 1; holds && j <= index; ++j) {
        const Choice choice = chooseBranch(j, trial);
        holds = choice.solved && choice.checks;
    }
    return holds;
}

// The blocks before `index` that its checks read, and those that these read, latest first.
std::vector<size_t> BranchChooser::blocksReadBy(size_t index) const {
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
BranchChooser::Distance BranchChooser::distanceFromReference(const StructureBlock& s) const {
    Distance distance;
    for (int c : s.columns) {
        double d = m_x[size_t(c)] - m_reference[size_t(c)];
        const bool angle = m_problem.isAngle(c);
        if (angle) d = std::remainder(d, 2 * std::numbers::pi);
        const double weighted = m_poseWeights[size_t(c)] * d;
        (angle ? distance.turns : distance.positions) += weighted * weighted;
    }
    return distance;
}

// Turns first: a thing's position says where its origin is, which a half turn about the anchor a
// constraint pins moves by twice the anchor's offset. Measured with the turn, an engine put far
// from where it is defined would be nearer upside down whenever its origin lies on the far side
// of its pinned anchor. Positions decide between solutions that turn the things alike.
bool BranchChooser::Distance::nearer(const Distance& other) const {
    const double tie = kSameTurns * (1 + std::max(turns, other.turns));
    if (std::abs(turns - other.turns) > tie) return turns < other.turns;
    return positions < other.positions;
}

bool BranchChooser::leftHeldBranch() const {
    for (const auto& b : m_blocks)
        if (b->hasBranches() && b->heldDetSign() != 0 && b->detSign() != 0 &&
            b->detSign() != b->heldDetSign())
            return true;
    return false;
}

bool BranchChooser::keepsAllSigns() const {
    for (size_t c = 0; c < m_x.size(); ++c)
        if (!keepsSign(c)) return false;
    return true;
}

bool BranchChooser::keepsSigns(const std::vector<int>& columns) const {
    for (int c : columns)
        if (!keepsSign(size_t(c))) return false;
    return true;
}

// Whether unknown `c`, when a scalar variable that the reference gives a sign, keeps it.
bool BranchChooser::keepsSign(size_t c) const {
    if (!m_scalarVariable[c]) return true;
    const double was = m_reference[c], now = m_x[c];
    return !((was > 0 && now < 0) || (was < 0 && now > 0));
}

}  // namespace mv
