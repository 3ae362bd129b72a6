#pragma once
// A block of one angle α whose one row is A cos α + B sin α + C, A, B and C depending on nothing
// the block solves for: a bar's end on a line (`Rod.B = [x, 150]`, with the rod's pin placed
// before: the circle the end sweeps meets the line). Its two roots are in closed form, so such a
// block is solved there rather than by Newton, which evaluates the row twice a frame and steps
// once more to get there (bench/crank_slider_bench, docs/performance.md).
//
// The coefficients are a small tape of their own, built once from the row's tape: the row's
// operations with cos α taken as 1 and sin α as 0 (for A), the other way round (B), or both as 0
// (C), over the values the row's tape holds once its inputs are set. The row must be affine in
// cos α and sin α taken as two unknowns of their own: reached from them by sums, differences and
// products and quotients by what depends on neither, and α read nowhere else.

#include <optional>

#include "solver/kinematics/expression_tape.h"

namespace mv {

class HarmonicRow {
public:
    // The row at slot `row` of `tape`, a tape of one unknown, the angle: none when it is not of
    // the form above.
    static std::optional<HarmonicRow> of(const ExpressionTape& tape, int row);
    // A copy in `arena` (beside the block's kernel, which reads it).
    HarmonicRow(const HarmonicRow& built, SegmentArena* arena);

    // A root, and what tells it from the other: the sign of the row's slope there, the block's
    // determinant as Newton's (the path tracker's branch). `rounding`: what the row can be there,
    // by the size of its terms and of the angle (unevaluated: the closed form is exact but for
    // rounding).
    struct Root {
        double angle = 0;
        int slope = 0;
        double rounding = 0;
    };
    // The root nearest `start`, the one Newton started there would go to, from the values of the
    // row's tape (ExpressionTape::values()) where its inputs are set. None where there is none, or
    // where the two are so near one another (a dead centre, where they meet) that which one the
    // machine goes on to is Newton's and the path tracker's to find out.
    std::optional<Root> solve(const double* rowValues, double start);

    struct Coefficients {
        double cos = 0, sin = 0, constant = 0;
    };
    // The root of A cos α + B sin α + C nearest `start` (`rounding` not set). `side`, when given,
    // says which of the two roots to work out first (the sign of its slope), and is set to the one
    // returned: the other is worked out only where the first is not nearer `start` than it can be.
    static std::optional<Root> nearestRoot(const Coefficients& row, double start,
                                           int* side = nullptr);

private:
    HarmonicRow() = default;

    ExpressionTape m_tape;                        // its inputs: the row's tape's slots, by number
    int m_cos = -1, m_sin = -1, m_constant = -1;  // slots of m_tape; -1 for a coefficient of 0
    int m_side = 1;                               // the root solve() found last, tried first
};

}  // namespace mv
