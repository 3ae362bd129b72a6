#pragma once
// Solves the frames of one segment in order, each from the one before
// (docs/reference.md#branch-rules).
//
// The segment's equations are split once into blocks (solver/structure/segment_structure.h; the
// split is the segment's model's, segment_model.h, which the motion shares) that are solved one
// after the other, each for its own unknowns with the earlier ones known:
// - an explicit block (one equation, affine in its one unknown: `Engine.P = [20,80]`) is computed
//   in one step;
// - a square block is solved by Newton (newton_corrector.h); the rows it leaves over (said twice,
//   or in conflict) and the inequalities on its unknowns are checked afterwards, and the latter
//   choose among its solutions (the other branch is tried when one is violated);
// - a free block (under-determined) is solved by least squares from where it was, so what is free
//   moves as little as possible.
// A compromise therefore stays inside its block: a thing fixed by constants stays exactly there.
//
// From one frame to the next the solver follows the machine along time, as a predictor-corrector
// path tracker does (path_tracker.h): the inputs (t, T, iv, element states) are interpolated
// between the two frames, and the machine stays on its branch however close the other one comes.
// Where it passes exactly through a dead centre it continues with the motion it had, as the real
// machine does, and the frame says so.
//
// A frame after a jump in the inputs (a marker restarts t, a reset) is reached along the same path
// but without extrapolating the motion before the jump across it; the first frame of a segment is
// solved afresh from the frame before (the definition poses at the first frame), and only there
// does a block choose among its branches, by the rules of docs/reference.md#branch-rules
// (branch_chooser.h). Everything is deterministic: restarts come from fixed seeds, and all limits
// count work, never the clock.
//
// The solver owns the blocks and the TrackingState (tracking_state.h) that the tracker and the
// chooser share; solveFrame calls them in this order, and each step relies on the one before:
// 1. The state's poses and variables become TrackingState::values; `failed` is cleared.
// 2. The very first frame, and a Fresh or NewSegment one (see Continuity): the chooser's
//    reference is set to those values before anything moves them (the signs it keeps and the
//    distances it measures are from there). If they hold as they are, they are the frame and each
//    block notes its branch there. Otherwise the first frame of a later segment is followed from
//    the frame before (PathTracker::followFromLastSolution); when that does not lead to a frame
//    that holds, or turns a variable's sign over (BranchChooser::keepsAllSigns), or the frame is
//    not a new segment's, BranchChooser::solveAll solves it afresh. None of these passes a
//    velocity on: the motion before a marker or a failure does not say where the machine goes.
// 3. Any other frame: PathTracker::track from the frame before's inputs to this frame's, which
//    predicts from the velocity the last path left. If the frame before failed and a block is
//    now on another branch than the one it last held (BranchChooser::leftHeldBranch), or past a
//    dead centre an inequality fails, the reference is set to where the path led and the frame is
//    solved afresh as in 2.
// 4. finishFrame: the values go back into the frame; when it holds, each block notes its branch as
//    the held one (what leftHeldBranch compares with after a conflict) and `failed` is cleared.
// setSubstepAllowance is called before solveFrame; support and reportFreedom read the frame last
// solved.

#include <memory>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "solver/api/solve_options.h"
#include "solver/kinematics/block_solver.h"
#include "solver/kinematics/branch_chooser.h"
#include "solver/kinematics/path_tracker.h"
#include "solver/kinematics/segment_arena.h"
#include "solver/kinematics/segment_model.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/kinematics/tracking_state.h"
#include "solver/structure/segment_structure.h"

namespace mv {

// How a frame relates to the one before it in the same segment.
enum class Continuity {
    Fresh,       // the very first frame, or one after a failed frame: solved afresh
    NewSegment,  // the first frame of a later segment: followed from the frame before (a homotopy)
    Jump,        // the inputs jumped (a new step): followed along a path, without extrapolation
    Smooth,      // followed along a path, predicted from the motion so far
};

class SegmentSolver {
public:
    // `model` is the segment's (segment_model.h); it must outlive the solver.
    SegmentSolver(const Script& script, SegmentModel& model, const SolveOptions& options);
    ~SegmentSolver();
    // The tracker, the chooser and the blocks hold references into the solver.
    SegmentSolver(const SegmentSolver&) = delete;
    SegmentSolver& operator=(const SegmentSolver&) = delete;

    // Solves one frame, `frame` of the script with the elements' `states` (null: none, or their
    // initial ones). `state` holds the previous frame's poses and variables on entry (the initial
    // ones for the very first frame) and this frame's on return, with failed and summary.
    void solveFrame(const Frame& frame, const ElementStates* states, Continuity continuity,
                    FrameSolution& state);

    // The constraints that fix what `constraint` reads, with it the cause of a conflict when it is
    // off (from the structure: the rows matched to its unknowns, and theirs, transitively).
    std::vector<ConstraintId> support(ConstraintId constraint) const;
    // Warnings for the degrees of freedom the last frame's free blocks leave
    // (docs/reference.md#solving-a-frame).
    std::vector<Diagnostic> reportFreedom(double lever);

    int blockCount() const { return int(m_blocks.size()); }
    // Sub-steps the next frame may take (at most kMaxSubsteps): what is left of the run's budget.
    void setSubstepAllowance(int allowance) { m_tracker.setAllowance(allowance); }

private:
    BlockSolvers makeBlocks();
    void startFrame(const std::vector<double>& inputs, Continuity continuity,
                    const FrameSolution& state, FrameSummary& summary);
    bool trackFrame(const std::vector<double>& inputs, bool jump, bool failedBefore,
                    FrameSummary& summary);
    bool startHolds();
    bool checksHold();
    void inheritAnonymous(const FrameSolution& state);
    void solveFresh(FrameSummary& summary);
    bool isExplicit(const StructureBlock& s) const;
    int pivotOf(const StructureBlock& s, int row) const;
    struct PlannedBlock {
        StructureBlock structure;
        bool explicitRows = false;  // isExplicit()
    };
    std::vector<PlannedBlock> mergeExplicitBlocks(const std::vector<StructureBlock>& blocks) const;
    bool reads(const StructureBlock& s, const std::vector<int>& columns) const;
    void finishFrame(FrameSummary& summary, FrameSolution& state, bool tracked);
    void measureResiduals(FrameSummary& summary, bool off);

    // Declared in the order they are built: the blocks read the ones before them, and the tracker
    // and the chooser borrow the blocks and the tracking state.
    const Script& m_script;
    SolveOptions m_options;
    SegmentProblem& m_problem;
    const SegmentStructure& m_structure;
    const std::vector<double>& m_weights;  // per unknown: 1, or the lever for an angle
    const std::vector<std::pair<VariableId, VariableId>>& m_inheritedAnonymous;
    // The blocks, their arrays and their kernels, side by side in the order the blocks are
    // solved: a frame walks them in that order (segment_arena.h).
    SegmentArena m_arena;
    // Before the blocks, which list themselves here as their branch moves.
    BlockSolver::BranchChanges m_branchChanges;
    BlockSolvers m_blocks;
    // Those with inequalities or rows left over, in order: a frame checks these, without visiting
    // the others (every block of a chain) only to find nothing to check.
    std::vector<BlockSolver*> m_checked;
    TrackingState m_tracking;
    PathTracker m_tracker;
    BranchChooser m_chooser;
    std::vector<double> m_previousInputs;
    std::vector<double> m_frameInputs;  // this frame's, laid out where the frame before's were
    std::vector<double> m_inputs;       // scratch: the inputs part of the way along a path
    std::vector<double> m_residuals;    // scratch: every row at the finished frame
    bool m_started = false;
};

}  // namespace mv
