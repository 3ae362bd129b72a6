#pragma once
// Newton's method on a square block, the corrector of the path tracker (path_tracker.h); on a
// block with fewer rows than unknowns it takes the step of least length (angles weighed as arcs),
// which converges as fast where the rows are independent. Besides
// the solution it reports what the tracker needs to tell a good step from a jump to another branch:
// - the contraction, how much shorter each Newton correction is than the one before; a step whose
//   corrections shrink slowly started too far from the solution (Deuflhard's affine-covariant
//   step control asks for the same);
// - the sign of the Jacobian's determinant at the solution: the two branches of a mechanism on
//   either side of a toggle (a conrod above or below its crank) have opposite signs, so a
//   corrector that lands on the other branch is seen at once, however close the branches are.

#include <memory>
#include <span>
#include <vector>

#include "solver/api/frame_solution.h"
#include "solver/kinematics/block_problem.h"
#include "solver/kinematics/segment_arena.h"

namespace mv {

struct CorrectorResult {
    Termination termination = Termination::Converged;
    int iterations = 0;
    double worst = 0;       // largest absolute residual at the returned point
    int detSign = 0;        // of the Jacobian at the returned point; 0 when singular
    bool evaluated = true;  // false when the last step ended it, `worst` then what rounding leaves
};

class NewtonCorrector {
public:
    // `weights`: per block unknown, so that angles and lengths compare (angles as an arc).
    // `arena`: where what it writes per step is kept (its block's arena).
    NewtonCorrector(BlockProblem& problem, std::span<const double> weights,
                    SegmentArena* arena = nullptr);
    ~NewtonCorrector();

    // Newton from x, in place. Stops with NoProgress as soon as a correction is longer than
    // `contraction` times the one before (pass 1 or more to allow anything that converges).
    // Converged below kConverged; it goes on from there while a step makes the residuals smaller,
    // down to kExact (solver_constants.h) or to what the rounding of the unknowns leaves. A step
    // that Newton's quadratic convergence says lands there ends it unevaluated (a crank's rod
    // from a good prediction: two evaluations, not three).
    CorrectorResult correct(std::span<double> x, int maxIterations, double contraction);

private:
    bool factorize(CorrectorResult& result);
    double smallDeterminant();
    bool step(bool regular);
    double stepLength() const;
    double roundingFloor(std::span<const double> x) const;

    class Algebra;  // Eigen's types, kept out of this header
    BlockProblem& m_problem;
    ArenaVector<double> m_weights;
    ArenaPtr<Algebra> m_algebra;
};

}  // namespace mv
