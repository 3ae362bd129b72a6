#pragma once
// Solves one block's rate equations J ẏ = b (machine_motion.h; ẏ the block's rates, weighted so
// angles count as arcs) for the first- and the second-order right-hand side with one
// factorisation of J:
// - a square block (with its rows left over J may be tall): the least-squares solution, exact
//   where the rows agree; none at a dead centre (J singular);
// - a free block: the solution of least length, as its positions move as little as they can.
//
// A block of up to kDenseUnknownLimit unknowns is factored densely: a Householder QR (for a 2 × 2
// J its determinant) proves it far from singular cheaply (σ_min(J) ≥ 1/‖R⁻¹‖_F and
// σ_max(J) ≤ ‖J‖_F), and only where that bound cannot do it do the singular values of a thin SVD
// decide. A wider block is factored
// sparsely: a square one by a sparse QR, which calls it singular when a column of J lies within
// kDeadCentre (or kSingularShare of J's size) of the span of the columns before it; a free one
// through the normal equations J Jᵀ, regularised as the solver's are (solver_constants.h).

#include <memory>
#include <vector>

#include "solver/kinematics/segment_arena.h"

namespace mv {

// A square block whose Jacobian (lengths per length, angles as arcs) has a singular value below
// kDeadCentre, or below kSingularShare of its largest, is at a dead centre: its rates are
// undefined. Away from one the smallest is of the order of the mechanism's proportions (a crank
// 1° from its toggle: about 0.01); at a dead centre it is as small as the solve is exact.
inline constexpr double kDeadCentre = 1e-6;
inline constexpr double kSingularShare = 1e-10;

class RateSolver {
public:
    struct Entry {
        int row = 0;
        int column = 0;
        double value = 0;
    };

    // `arena`: where its factors are kept (its rates' arena).
    explicit RateSolver(SegmentArena* arena = nullptr);
    ~RateSolver();
    RateSolver(RateSolver&&) noexcept;
    RateSolver& operator=(RateSolver&&) noexcept;

    // Factors J, `rows` × `unknowns`, dense and column-major. Returns false for a square block at
    // a dead centre.
    bool factor(int rows, int unknowns, const double* jacobian, bool square);
    // The same for a J given by its non-zero entries (duplicates add up).
    bool factor(int rows, int unknowns, const std::vector<Entry>& jacobian, bool square);
    // ẏ (`unknowns` numbers) for the right-hand side `b` (`rows` numbers), by the last
    // factorisation.
    void solve(const double* b, double* rates) const;

private:
    struct Factors;  // Eigen's, kept out of this header
    ArenaPtr<Factors> m_factors;
    int m_rows = 0, m_unknowns = 0;
};

}  // namespace mv
