#pragma once
// One row in one angle α of the form A cos α + B sin α + C, A, B and C depending on nothing the
// row solves for: a bar's end on a line (`Rod.B = [x, 150]` with the rod's pin placed before, in
// the rod's y), where the circle the end sweeps meets the line. Such a row has its two roots in
// closed form, so a block of it alone is solved where they are rather than by Newton, which
// evaluates the row twice or more a frame to get there (bench/crank_slider_bench,
// docs/performance.md).
//
// The coefficients are a small tape of their own, built once from the row's tape: the row's
// operations with cos α taken as 1 and sin α as 0 (for A), the other way round (B), or both as 0
// (C), over the values the row's tape holds once its inputs are set. The row must be affine in
// the pair (cos α, sin α): reached from them by sums, differences and products and quotients by
// what does not depend on α, and read nowhere else.

#include <optional>

#include "solver/kinematics/expression_tape.h"

namespace mv {

class HarmonicRow {
public:
    // The row at slot `row` of `tape`, a tape of one unknown (the angle): none when it is not of
    // the form above.
    static std::optional<HarmonicRow> of(const ExpressionTape& tape, int row);
    // A copy in `arena` (beside the block's kernel, which reads it).
    HarmonicRow(const HarmonicRow& built, SegmentArena* arena);

    struct Coefficients {
        double cos = 0, sin = 0, constant = 0;
    };
    // The coefficients from the values of the row's tape (ExpressionTape::values()) where its
    // inputs are set: only the slots that depend on no unknown are read.
    Coefficients coefficients(const double* rowValues);

    // A root and the sign of the row's slope there (dA cos α + B sin α + C / dα), which tells the
    // two apart: a block's determinant.
    struct Root {
        double angle = 0;
        int slope = 0;
    };
    // The root nearest `start`, the one Newton started there would go to; none where there is no
    // root, or where the two are so near one another (a dead centre, where they meet) that which
    // is which is Newton's and the path tracker's to find out.
    static std::optional<Root> nearestRoot(const Coefficients& row, double start);

private:
    HarmonicRow() = default;

    ExpressionTape m_tape;                        // its inputs: the row tape's slots, by number
    int m_cos = -1, m_sin = -1, m_constant = -1;  // slots of m_tape; -1 for a coefficient of 0
};

}  // namespace mv
