#pragma once
// A block of one angle α, and perhaps one length s besides, each of whose rows is
// A cos α + B sin α + C + D s, A to D depending on neither: a bar's end on a line (`Rod.B =
// [x, 150]`, with the rod's pin placed before: the circle the end sweeps meets the line), or a
// crank driven by a vector of unknown length (`Crank.Q = Crank.P + [c,0].rotate(180° * t)`: the
// crank's angle and c). Such a block has its solutions in closed form: with s left out of two
// rows (D₂ times the first less D₁ times the second) one row in α is left, whose two roots are
// where a circle meets a line, and s follows from α. So it is solved there rather than by Newton,
// which evaluates the rows twice or more a frame to get there (bench/crank_slider_bench,
// docs/performance.md).
//
// The coefficients are a small tape of their own, built once from the rows' tape: each row's
// operations with cos α taken as 1 and the rest as 0 (for A), sin α as 1 (B), s as 1 (D), or all
// as 0 (C), over the values the rows' tape holds once its inputs are set. A row must be affine
// in cos α, sin α and s taken as three unknowns of their own: reached from them by sums,
// differences and products and quotients by what depends on none of them, and α read nowhere
// else.

#include <array>
#include <cmath>
#include <optional>
#include <span>

#include "solver/kinematics/expression_tape.h"

namespace mv {

class HarmonicBlock {
public:
    // The rows at slots `rows` of `tape`, as many as it has unknowns (one or two), unknown `angle`
    // the angle: none when they are not of the form above.
    static std::optional<HarmonicBlock> of(const ExpressionTape& tape, std::span<const int> rows,
                                           int angle);
    // A copy in `arena` (beside the block's kernel, which reads it).
    HarmonicBlock(const HarmonicBlock& built, SegmentArena* arena);

    // Which of the tape's unknowns is the angle, and which the length (-1: none).
    int angle() const { return m_angle; }
    int length() const { return m_length; }

    // Where the block is solved (its unknowns in the tape's order), and what tells it from the
    // other solution: the sign of the block's determinant there, as Newton's (the path
    // tracker's branch). `rounding`: what its residuals can be there, by the size of their terms
    // and of the unknowns (unevaluated: the closed form is exact but for rounding).
    struct Solution {
        double angle = 0, length = 0;
        int detSign = 0;
        double rounding = 0;
    };
    // The solution whose angle is nearest `start`, from the values of the rows' tape
    // (ExpressionTape::values()) where its inputs are set: the one Newton started there would go
    // to. `cosSin(angle)`: the angle's cos and sin as the rows read them. None where there is
    // none, or where the two are so near one another (a dead centre, where they meet) that which
    // one the machine goes on to is Newton's and the path tracker's to find out.
    template <class CosSin>
    std::optional<Solution> solve(const double* rowValues, double start, CosSin cosSin);

    // One row in the angle alone, and the root of it nearest `start` with the sign of the row's
    // slope there. `side`, when given, says which of the two roots to work out first (the sign of
    // its slope), and is set to the one returned: the other is worked out only where the first is
    // not nearer `start` than it can be.
    struct Row {
        double cos = 0, sin = 0, constant = 0, length = 0;
    };
    struct Root {
        double angle = 0;
        int slope = 0;
    };
    static std::optional<Root> nearestRoot(const Row& row, double start, int* side = nullptr);

private:
    HarmonicBlock() = default;

    // Slots of m_tape, -1 for a coefficient that is 0: a row's A, B, C and D.
    using Coefficients = std::array<int, 4>;
    static double valueOf(const ExpressionTape& tape, int slot) {
        return slot < 0 ? 0.0 : tape.value(slot);
    }
    Row rowAt(size_t row) const;
    std::optional<Root> angleRoot(double start);
    double roundingAt(const Solution& at) const;

    ExpressionTape m_tape;  // its inputs: the rows' tape's slots, by number
    std::array<Coefficients, 2> m_rows{};
    int m_rowCount = 0;
    int m_angle = 0, m_length = -1;
    std::array<Row, 2> m_values{};  // the rows' coefficients as solve() last found them
    int m_side = 1;                 // the root solve() found last, tried first (nearestRoot)
};

template <class CosSin>
std::optional<HarmonicBlock::Solution> HarmonicBlock::solve(const double* rowValues, double start,
                                                            CosSin cosSin) {
    m_tape.setInputs(rowValues);
    for (int r = 0; r < m_rowCount; ++r) m_values[size_t(r)] = rowAt(size_t(r));
    const auto root = angleRoot(start);
    if (!root) return std::nullopt;
    Solution at{.angle = root->angle, .detSign = root->slope};
    if (m_length >= 0) {
        // From the row that reads the length the more.
        const Row& row = std::abs(m_values[0].length) >= std::abs(m_values[1].length) ? m_values[0]
                                                                                      : m_values[1];
        const auto [cos, sin] = cosSin(at.angle);
        at.length = -(row.cos * cos + row.sin * sin + row.constant) / row.length;
        if (!std::isfinite(at.length)) return std::nullopt;
        // The determinant of [[∂r₁/∂α, D₁], [∂r₂/∂α, D₂]] is the slope of the row in α left,
        // and its opposite where the length is the first column.
        if (m_length == 0) at.detSign = -at.detSign;
    }
    at.rounding = roundingAt(at);
    return at;
}

}  // namespace mv
