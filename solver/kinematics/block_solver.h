#pragma once
// Solves one block of a segment's equations for its own unknowns, the earlier blocks' known
// (segment_solver.h says how the blocks are found and followed along time).
//
// A block is solved the way its shape allows: an explicit block (each row affine in its own
// unknown: `Engine.P = [20,80]`) in one step; a block of one angle whose row is A cos α +
// B sin α + C (a bar's end on a line, harmonic_row.h) in closed form, but near a dead centre; a
// square block by Newton, which also reports the sign of its determinant so the path tracker
// notices a branch change; an over-determined or a free block by least squares, so what it
// leaves free moves as little as possible. A block that cannot meet all its rows meets those
// written first and lets go of the last.

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "core/model/strong_id.h"
#include "solver/api/solve_options.h"
#include "solver/kinematics/block_problem.h"
#include "solver/kinematics/least_squares_solver.h"
#include "solver/kinematics/newton_corrector.h"
#include "solver/kinematics/segment_arena.h"
#include "solver/structure/segment_structure.h"

namespace mv {

class SegmentProblem;

class BlockSolver {
public:
    enum class Kind {
        Explicit,        // one row per unknown, each affine in its own unknown
        Square,          // Newton, tracked along the path
        OverDetermined,  // square, with rows left over that say the same or conflict
        LeastSquares,    // under-determined, or too large for the dense corrector
    };
    enum class Outcome { Accepted, Rejected, DeadCentre, Failed };

    // The blocks whose branch may differ from the one they had when a frame last held, each
    // listed once, by itself, as its branch moves: the segment solver notes these when a frame
    // holds (noteHeld) instead of visiting every block to find them, which on a 10,000-bar chain
    // cost a miss from memory per block and frame (docs/performance.md).
    using BranchChanges = std::vector<BlockSolver*>;

    // `allRows`: the block's rows and the equalities left over, in the order written. `weights`:
    // per unknown of the segment (1, or the lever for an angle). `changes`: where the block lists
    // itself when its branch moves (none: nobody notes what held).
    BlockSolver(SegmentProblem& segment, const StructureBlock& structure, std::vector<int> allRows,
                Kind kind, std::span<const int> pivots, const std::vector<double>& weights,
                const SolveOptions& options, SegmentArena* arena = nullptr,
                BranchChanges* changes = nullptr);

    // One corrector step along the path into the segment's unknowns `x`. `forced`: the sub-step
    // cannot be halved any more, so a branch change is a dead centre, not a refusal.
    Outcome track(double* x, bool forced, FrameSummary& summary);
    // Afresh from the values in `x`, without a prediction.
    Outcome solveFresh(double* x, FrameSummary& summary);
    // Whether the inequalities and left-over rows hold at the values in `x`.
    bool checksHold(double* x);
    // Whether it has anything checksHold() checks.
    bool hasChecks() const { return m_checks != nullptr; }
    // Records the branch the block is on at `x`, where a path starts.
    void noteBranch(double* x);

    const StructureBlock& structure() const { return m_rare->structure; }
    ConstraintId firstConstraint() const;
    int detSign() const { return m_detSign; }
    // The largest residual of its rows where its last solve left it.
    double worst() const { return m_worst; }
    // The branch of the last frame that held (0: none yet, or singular there), which a conflict
    // does not change: noted by the segment solver when a frame holds, for the blocks listed in
    // its BranchChanges (any other one's branch is that one, or unknown).
    int heldDetSign() const { return m_heldDetSign; }
    void noteHeld() {
        if (m_detSign != 0) m_heldDetSign = m_detSign;
        m_listed = false;
    }
    void restoreDetSign(int sign) { setDetSign(sign); }

    // What a solve leaves behind for the next one (its branch, whether it failed and what it met
    // then): kept aside while other branches of the block are tried, and put back after.
    struct Memory {
        int detSign = 0;
        bool broken = false;
        size_t kept = 0;
    };
    Memory memory() const { return {m_detSign, m_broken, m_kept}; }
    void recall(const Memory& memory) {
        setDetSign(memory.detSign);
        m_broken = memory.broken;
        m_kept = memory.kept;
    }
    // Whether the block is solved by Newton, so that it may have other branches to choose from.
    bool hasBranches() const { return m_kind == Kind::Square || m_kind == Kind::OverDetermined; }

private:
    void setDetSign(int sign) {
        m_detSign = sign;
        if (sign == 0 || sign == m_heldDetSign || m_listed || !m_rare->changes) return;
        m_listed = true;
        m_rare->changes->push_back(this);
    }
    void bind(double* x);
    bool settledAt(const double* x) const;
    bool assign();
    bool meetInClosedForm(CorrectorResult& r);
    void checkSlopes();
    void noteSettled(bool stayed);
    double leastSquares(double* x);
    LeastSquaresSolver& leastSquaresSolver();
    bool letGoOfLastRows();
    bool meetFirstRows(size_t keep);
    void wrapAngles(std::span<const double> start);
    // Where a solve starts from, kept to go back to (m_start is sized with the block).
    void keepStart() { std::copy(m_x.begin(), m_x.end(), m_start.begin()); }
    // Its rows and the equalities left over, which least squares meets together when they agree.
    BlockProblem& leastSquaresProblem() { return m_withChecks ? *m_withChecks : m_problem; }

    // What a sub-step reads and writes comes first, in as few cache lines as it fits: a frame of
    // a 10,000-bar chain visits 20,000 blocks, each from memory. It lies in the segment solver's
    // arena, in the order the blocks were made (segment_arena.h).
    Kind m_kind;
    bool m_broken = false;  // its last solve failed: solve afresh rather than track
    // Its last solve ended where solving again would leave it (m_x): see settledAt().
    bool m_settled = false;
    // An explicit block whose Jacobian is the same in every evaluation keeps its slopes from the
    // first evaluation and evaluates its rows alone after that; one whose every row is `u - F`
    // (`Rod.A = Crank.Q`: the rod's x less the crank pin's) is solved by u = F, F computed with
    // the inputs and nothing else evaluated: what one Newton step gives, u - (u - F), but for
    // the rounding of a start more than twice the solution or less than half (Sterbenz).
    enum class Slopes : uint8_t { Unchecked, Constant, Varying, Assigned };
    Slopes m_slopes = Slopes::Unchecked;
    bool m_listed = false;  // in the segment's BranchChanges since a frame last held
    int m_detSign = 0;      // of the last accepted solution's Jacobian; 0 when unknown or singular
    int m_heldDetSign = 0;  // m_detSign when a frame last held
    double m_worst = 0;     // see worst()
    double* m_context = nullptr;
    ArenaVector<double> m_x, m_residuals, m_start;
    // An explicit block: the column each row is solved for, the slot of F where the row is
    // `u - F` (BlockKernel::assignment), and the row's slope in it as the last evaluation with
    // the Jacobian found it.
    struct Pivot {
        int column = 0;
        int assigned = -1;
        double slope = 0;
    };
    ArenaVector<Pivot> m_pivots;
    ArenaPtr<NewtonCorrector> m_newton;
    std::unique_ptr<BlockProblem> m_withChecks;  // with the equalities left over, if any
    std::unique_ptr<BlockProblem> m_checks;      // what must hold once it is solved, if anything
    BlockProblem m_problem;                      // its rows

    SegmentProblem& m_segment;
    const SolveOptions& m_options;

    // The block without its last rows, made when it fails (see letGoOfLastRows), by rows kept.
    struct FirstRows {
        std::unique_ptr<BlockProblem> problem;
        std::unique_ptr<NewtonCorrector> newton;
    };
    // What only setting up, or a failing or over-determined block, reads: on the heap, off the
    // memory a frame walks. Where the blocks no longer fit the cache (a 10,000-bar chain's
    // 20,000), a frame streams every byte of them from memory, so each costs its share
    // (docs/performance.md).
    struct Rare {
        StructureBlock structure;
        std::vector<int> allRows;
        std::vector<double> weights;                 // per own unknown
        std::unique_ptr<LeastSquaresSolver> solver;  // on leastSquaresProblem(), made on first use
        std::map<size_t, FirstRows> firstRows;
        BranchChanges* changes = nullptr;
    };
    std::unique_ptr<Rare> m_rare;
    size_t m_kept = 0;  // how many rows it met the last time it failed
};

// A segment's blocks in the order they are solved, each made in the segment solver's arena
// (segment_arena.h), so the passes of a frame over them walk memory in that order.
using BlockSolvers = std::vector<ArenaPtr<BlockSolver>>;

}  // namespace mv
