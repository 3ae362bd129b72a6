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
// path tracker does: the inputs (t, T, iv, element states) are interpolated between the two frames,
// each sub-step is predicted from the motion of the one before and corrected by Newton, and a
// sub-step is halved when its corrections contract poorly or when a square block's Jacobian changes
// the sign of its determinant (it landed on the other branch). So the machine stays on its branch
// however close the other one comes (path_tracking.cpp). Where it passes exactly through a dead
// centre (the step cannot be made small enough to avoid the sign change) it continues with the
// motion it had, as the real machine does, and the frame says so.
//
// A frame after a jump in the inputs (a marker restarts t, a reset) is reached along the same path
// but without extrapolating the motion before the jump across it; the first frame of a segment is
// solved afresh from the frame before (the definition poses at the first frame), and only there
// does a block choose among its branches, by the rules of docs/reference.md#branch-rules
// (branch_choice.cpp). Everything is deterministic: restarts come from fixed seeds, and all limits
// count work, never the clock.

#include <functional>
#include <memory>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "solver/api/solve_options.h"
#include "solver/kinematics/block_solver.h"
#include "solver/kinematics/segment_model.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/structure/segment_structure.h"

namespace mv {

// At most this many sub-steps between two frames, accepted or refused; then the rest in one.
inline constexpr int kMaxSubsteps = 256;
// And at most this many per frame on average over the whole animation, so that a script whose
// every frame needs the most still ends in a time that grows with its frames, not with their
// product.
inline constexpr int kSubstepsPerFrameBudget = 16;

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

    // Solves one frame. `state` holds the previous frame's poses and variables on entry (the
    // initial ones for the very first frame) and this frame's on return, with failed and summary.
    void solveFrame(const std::vector<double>& inputs, Continuity continuity, FrameSolution& state);

    // The constraints that fix what `constraint` reads, with it the cause of a conflict when it is
    // off (from the structure: the rows matched to its unknowns, and theirs, transitively).
    std::vector<ConstraintId> support(ConstraintId constraint) const;
    // Warnings for the degrees of freedom the last frame's free blocks leave
    // (docs/reference.md#solving-a-frame).
    std::vector<Diagnostic> reportFreedom(double lever);

    int blockCount() const { return int(m_blocks.size()); }
    // Sub-steps the next frame may take (at most kMaxSubsteps): what is left of the run's budget.
    void setSubstepAllowance(int allowance) { m_allowance = allowance; }

private:
    // How a block came out of the choice among its branches.
    struct Choice {
        bool solved = false;  // its rows hold
        bool checks = false;  // and its inequalities and left-over rows too
    };
    bool startHolds();
    bool checksHold();
    void inheritAnonymous(const FrameSolution& state);
    void solveFresh(FrameSummary& summary);
    bool passFresh(FrameSummary& summary, std::vector<int>& failing);
    Choice chooseBranch(size_t block, FrameSummary& summary);
    bool turnUpstream(size_t block, FrameSummary& summary);
    std::vector<size_t> blocksReadBy(size_t block) const;
    struct Distance {
        double turns = 0;      // squared, angles as arcs
        double positions = 0;  // squared
        bool nearer(const Distance& other) const;
    };
    Distance distanceFromReference(const StructureBlock& s) const;
    bool keepsSigns(const std::vector<int>& columns) const;
    // Whether a block is on another branch than when a frame last held.
    bool leftHeldBranch() const;
    void track(const std::function<void(double)>& at, bool jump, FrameSummary& summary);
    bool followFromLastSolution(FrameSummary& summary);
    bool stepAlongPath(double ds, bool forced, FrameSummary& summary);
    bool isExplicit(const StructureBlock& s) const;
    int pivotOf(const StructureBlock& s, int row) const;
    std::vector<StructureBlock> mergeExplicitRows(const std::vector<StructureBlock>& blocks) const;
    void finishFrame(FrameSummary& summary, FrameSolution& state, bool tracked);
    void measureResiduals(FrameSummary& summary, bool off);

    const Script& m_script;
    SolveOptions m_options;
    SegmentProblem& m_problem;
    const SegmentStructure& m_structure;
    std::vector<std::unique_ptr<BlockSolver>> m_blocks;
    std::vector<int> m_blockOfColumn;      // by unknown: the index into m_blocks that solves it
    const std::vector<double>& m_weights;  // per unknown: 1, or the lever for an angle
    const std::vector<std::pair<VariableId, VariableId>>& m_inheritedAnonymous;
    // Per unknown, how a fresh solve measures the distance of a solution from where it started: 1
    // for a position, the thing's size for its angle (the arc its farthest anchor sweeps), 0 for
    // a variable (variables take their sign from the poses, docs/reference.md#branch-rules). Turns
    // are compared before positions (Distance::nearer).
    std::vector<double> m_poseWeights;
    std::vector<bool> m_scalarVariable;  // by unknown
    std::vector<int> m_allColumns;       // 0, 1, ... every unknown
    // Where a fresh solve started: the frame before, or the definition poses at the first frame.
    // Solutions are chosen nearest it, and its variables' signs are kept.
    std::vector<double> m_reference;
    // Per block, at a fresh solve: the starts of the other solutions it found, best first.
    std::vector<std::vector<std::vector<double>>> m_alternatives;
    std::vector<double> m_x, m_trial, m_velocity, m_inputs, m_previousInputs;
    std::vector<double> m_residuals;  // scratch: every row at the finished frame
    std::vector<int> m_signs;         // scratch: the blocks' determinant signs before a sub-step
    std::vector<bool>
        m_extrapolated;  // per unknown: predicted from its motion (not in a free block)
    bool m_started = false;
    bool m_haveVelocity = false;
    bool m_failed = false;  // the frame being solved missed somewhere
    double m_nextStep = 1;  // the sub-step the next frame starts with, a share of a frame
    int m_allowance = kMaxSubsteps;
};

}  // namespace mv
