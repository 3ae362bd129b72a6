#pragma once
// Solves the frames of one segment in order, each from the one before (LANGUAGE.md §9):
// - the start point is the previous frame's solution plus the motion between the two frames before
//   it (linear extrapolation), so a turning crank is met where it is going, not where it was;
// - a solve that ends with constraints unmet (a crank started exactly 90° from where it is pulled,
//   where the gradient vanishes; a start on the wrong side of an inequality) is retried from
//   deterministic perturbations of the start: the things being placed are nudged off the saddle
//   and turned half way round in every combination (the other branches), and the closest result
//   is kept;
// - angles are kept within half a turn of their start, so they grow smoothly;
// - a solution far from the predicted one has jumped to another branch of the mechanism (through
//   a dead point); the frame is then re-solved in sub-steps from the previous frame, with the
//   inputs interpolated, and the sub-stepped result replaces it when it meets the constraints.
// Everything is deterministic: the perturbations come from fixed seeds.

#include <memory>
#include <vector>

#include "solver/animation.h"
#include "solver/kinematics/least_squares_solver.h"
#include "solver/kinematics/segment_problem.h"

namespace mv {

class SegmentSolver {
public:
    // `settled` marks the things (by ThingId) earlier segments solved already; a restart turns
    // only the others when there are any.
    SegmentSolver(const Script& script, const Segment& segment, const SolveOptions& options,
                  std::vector<bool> settled = {});

    // Solves one frame. `state` holds the previous frame's poses and variables on entry (the
    // initial ones for the very first frame) and this frame's on return; failed and diagnostics
    // are set.
    void solveFrame(const std::vector<double>& inputs, FrameSolution& state);

    SegmentProblem& problem() { return m_problem; }
    // The problem's unknowns at the last solved frame.
    const std::vector<double>& solution() const { return m_solution; }

private:
    struct Attempt {
        std::vector<double> x;
        double worst = 0;  // largest residual (absolute); infinity when not finite
    };

    Attempt solveFrom(const std::vector<double>& start);
    Attempt solveWithRetries(const std::vector<double>& start);
    Attempt solveInSubsteps(const std::vector<double>& from, const std::vector<double>& fromInputs,
                            const std::vector<double>& toInputs);
    bool jumped(const std::vector<double>& x, const std::vector<double>& predicted) const;
    double worstResidual(const std::vector<double>& x);
    std::vector<Diagnostic> offConstraints(const std::vector<double>& x);

    const Script& m_script;
    SolveOptions m_options;
    SegmentProblem m_problem;
    std::unique_ptr<LeastSquaresSolver> m_solver;
    std::vector<bool> m_settled;    // by ThingId
    std::vector<double> m_weights;  // for distances between solutions
    double m_minimumJump = 0;       // weighted distance below which nothing counts as a jump
    std::vector<double> m_solution;               // of the last frame
    std::vector<std::vector<double>> m_history;  // last two good solutions, oldest first
    std::vector<double> m_previousInputs;
    std::vector<double> m_residuals;  // scratch
};

}  // namespace mv
