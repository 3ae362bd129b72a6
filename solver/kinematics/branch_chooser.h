#pragma once
// Chooses which solution a frame takes where time does not decide it: the first frame of a
// segment, a frame after a conflict or a drag. The rules are docs/reference.md#branch-rules. Each
// block chooses among the solutions Newton reaches from a few starts, in the blocks' order, so the
// work grows with the blocks, not with the product of their branches; a block whose inequalities
// fail on every branch of its own tries the other branches of the blocks it reads (turnUpstream).
//
// The chooser solves the segment's unknowns in place (TrackingState::values, tracking_state.h)
// and touches nothing else of the state: whether a fresh frame forgets the machine's motion is
// the segment solver's to say (segment_solver.h).

#include <memory>
#include <optional>
#include <vector>

#include "core/model/script.h"
#include "solver/api/frame_solution.h"
#include "solver/api/solve_options.h"
#include "solver/kinematics/block_solver.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/structure/segment_structure.h"

namespace mv {

class BranchChooser {
public:
    // All borrowed from the segment solver, which owns them and outlives the chooser. `values`:
    // the segment's unknowns, which the chooser starts from and leaves the chosen solution in.
    BranchChooser(const Script& script, SegmentProblem& problem, const SegmentStructure& structure,
                  BlockSolvers& blocks, std::vector<double>& values, const SolveOptions& options);

    // Where the fresh solves that follow started: the frame before, or the definition poses at the
    // first frame. Solutions are chosen nearest it, and its variables keep their signs; it is set
    // before the values move away from it (along a new segment's homotopy, say).
    void setReference(const std::vector<double>& reference) { m_reference = reference; }
    // Solves every block afresh from the values, in order, each choosing among its branches.
    // Returns whether every block's rows, inequalities and left-over rows hold.
    bool solveAll(FrameSummary& summary);
    // Whether every scalar variable that the reference gives a sign keeps it.
    bool keepsAllSigns() const;
    // Whether a block is on another branch than when a frame last held (rule 3: a conflict never
    // changes a branch, so such a frame is chosen again).
    bool leftHeldBranch() const;

private:
    // How a block came out of the choice among its branches.
    struct Choice {
        bool solved = false;  // its rows hold
        bool checks = false;  // and its inequalities and left-over rows too
    };
    struct Distance {
        double turns = 0;      // squared, angles as arcs
        double positions = 0;  // squared
        bool nearer(const Distance& other) const;
    };
    struct Candidate;      // one solution a start led to (branch_chooser.cpp)
    struct BlockAttempts;  // one block's choice while it is made (branch_chooser.cpp)

    Choice chooseBranch(size_t index, FrameSummary& summary);
    BlockAttempts beginAttempts(size_t index) const;
    std::optional<Choice> solveWithoutChoice(BlockAttempts& attempts, FrameSummary& summary);
    Choice solveFrom(BlockAttempts& attempts, const std::vector<double>& start, FrameSummary& into);
    void wrapAngles(const BlockAttempts& attempts);
    void attempt(BlockAttempts& attempts, std::vector<double> start);
    void attemptMirrors(BlockAttempts& attempts);
    void attemptNudged(BlockAttempts& attempts);
    void keepAlternatives(const BlockAttempts& attempts,
                          const std::vector<const Candidate*>& ranked);
    bool turnUpstream(size_t index, FrameSummary& summary);
    bool holdsWithAlternative(size_t upstream, size_t index, const std::vector<double>& start,
                              const std::vector<double>& saved, FrameSummary& trial);
    std::vector<size_t> blocksReadBy(size_t index) const;
    Distance distanceFromReference(const StructureBlock& s) const;
    bool keepsSigns(const std::vector<int>& columns) const;
    bool keepsSign(size_t column) const;

    const Script& m_script;
    SegmentProblem& m_problem;
    const SegmentStructure& m_structure;
    BlockSolvers& m_blocks;
    std::vector<double>& m_x;
    const SolveOptions& m_options;
    std::vector<int> m_blockOfColumn;  // by unknown: the index into m_blocks that solves it
    // Per unknown, how a fresh solve measures the distance of a solution from where it started: 1
    // for a position, the thing's size for its angle (the arc its farthest anchor sweeps), 0 for
    // a variable (variables take their sign from the poses, docs/reference.md#branch-rules). Turns
    // are compared before positions (Distance::nearer).
    std::vector<double> m_poseWeights;
    std::vector<bool> m_scalarVariable;  // by unknown
    std::vector<double> m_reference;     // see setReference
    // Per block, at a fresh solve: the starts of the other solutions it found, best first, which
    // turnUpstream tries when a later block's inequalities fail on all its own.
    std::vector<std::vector<std::vector<double>>> m_alternatives;
};

}  // namespace mv
