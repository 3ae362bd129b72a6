#pragma once
// Follows a segment's machine from one frame to the next, and from the last frame of a segment to
// the first of the next, along a path in sub-steps, so that it stays on the branch it is on
// (docs/solver.md, section 3). Each sub-step is predicted from the motion of the ones before, along
// the parabola through the last three points once the path has them (the pump's 326 frames take
// 2,767 Newton steps against 2,946 along a line), and corrected by each block in order
// (BlockSolver::track); it is halved when a block refuses it: its corrections contracted poorly,
// or a square block's determinant changed sign, which means it landed on the other branch. A
// sub-step that cannot be halved any more is forced through, and a sign change there is a dead
// centre, which the frame's summary reports.
//
// The tracker keeps no frame-to-frame state of its own: where the machine is and how it moves are
// in the TrackingState it shares with the segment solver (tracking_state.h).

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "solver/api/frame_solution.h"
#include "solver/kinematics/block_solver.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/kinematics/tracking_state.h"

namespace mv {

// At most this many sub-steps between two frames, accepted or refused; then the rest in one.
inline constexpr int kMaxSubsteps = 256;
// And at most this many per frame on average over the whole animation, so that a script whose
// every frame needs the most still ends in a time that grows with its frames, not with their
// product.
inline constexpr int kSubstepsPerFrameBudget = 16;

class PathTracker {
public:
    // All three are borrowed from the segment solver, which owns them and outlives the tracker.
    PathTracker(SegmentProblem& problem, BlockSolvers& blocks, TrackingState& state);

    // Moves the state's values from path parameter 0 to 1; `at(s)` puts the problem at s (the
    // inputs between two frames, or a homotopy's share). `jump`: the path bridges a jump in the
    // inputs, so the motion before it is not extrapolated across it, nor after it.
    void track(const std::function<void(double)>& at, bool jump, FrameSummary& summary);
    // A new segment starts from the frame before, which met the constraints before the marker.
    // Returns false, with the state's values, angles and summary as they were, when that path does
    // not lead to a frame that holds.
    bool followFromLastSolution(FrameSummary& summary);
    // Sub-steps the next path may take (at most kMaxSubsteps): what is left of the run's budget.
    void setAllowance(int allowance) { m_allowance = allowance; }
    // The largest residual the blocks were left with by the last sub-step taken: a frame reached
    // along the path has no other (each block's BlockSolver::worst(), gathered while it is at
    // hand rather than in one more pass over every block).
    double worst() const { return m_worst; }

private:
    bool stepAlongPath(double ds, bool forced, FrameSummary& summary);

    SegmentProblem& m_problem;
    BlockSolvers& m_blocks;
    TrackingState& m_state;
    // Per unknown: whether its motion predicts the next sub-step. Not in a free block, whose
    // unknowns move as little as they can rather than as they moved. A byte each, not a bit: read
    // for every unknown at every sub-step, where std::vector<bool> shifts and masks.
    std::vector<uint8_t> m_extrapolated;
    std::vector<double> m_trial;  // scratch: the sub-step being tried, kept only when accepted
    std::vector<int> m_signs;     // scratch: the blocks' determinant signs before a sub-step
    int m_allowance = kMaxSubsteps;
    double m_worst = 0;
};

}  // namespace mv
