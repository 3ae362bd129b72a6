#include "solver/kinematics/harmonic_block.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/model/elementary_functions.h"

namespace mv {

namespace {

using Code = ExpressionTape::Code;

// How far apart the two roots must be, as the square of the sine of half the angle between them:
// nearer (within about a thousandth of a radian) the block is at a dead centre, where Newton and
// the path tracker decide which root the machine goes on to.
constexpr double kApart = 1e-6;

// A slot of the rows' tape as A cos α + B sin α + C + D s: each coefficient a slot of the
// coefficients' tape, or -1 for 0.
struct Terms {
    int cos = -1, sin = -1, constant = -1, length = -1;
};

// Writes the coefficients' tape, slot by slot of the rows' as the rows need them.
class Splitter {
public:
    // `angle`, `length`: which unknowns of `rows` they are (`length` -1: none).
    Splitter(const ExpressionTape& rows, ExpressionTape& out, int angle, int length)
        : m_rows(rows),
          m_out(out),
          m_angle(angle),
          m_length(length),
          m_terms(size_t(rows.size())),
          m_seen(size_t(rows.size())) {}

    // Null where the slot is not of the form.
    const Terms* terms(int slot) {
        if (!m_seen[size_t(slot)]) {
            m_seen[size_t(slot)] = true;
            m_terms[size_t(slot)] = split(slot);
        }
        const std::optional<Terms>& t = m_terms[size_t(slot)];
        return t ? &*t : nullptr;
    }

private:
    std::optional<Terms> split(int slot) {
        if (!m_rows.gradient(slot)) return Terms{.constant = leaf(slot)};
        const ExpressionTape::Step s = m_rows.step(slot);
        const auto ofTheAngle = [&] {
            const ExpressionTape::Step operand = m_rows.step(int(s.a));
            return operand.code == Code::Unknown && int(operand.a) == m_angle;
        };
        switch (s.code) {
            case Code::Unknown:  // the angle itself is read only through its cos and sin
                if (int(s.a) == m_length) return Terms{.length = one()};
                return std::nullopt;
            case Code::CosWithSin:
                if (ofTheAngle()) return Terms{.cos = one()};
                return std::nullopt;
            case Code::SinOfCos:
                if (ofTheAngle()) return Terms{.sin = one()};
                return std::nullopt;
            case Code::Neg:
                return each(int(s.a),
                            [&](int x) { return x < 0 ? -1 : m_out.unary(Code::Neg, x); });
            case Code::Add:
            case Code::Sub:
                return sum(s.code, int(s.a), int(s.b));
            case Code::Mul:
                if (!m_rows.gradient(int(s.a))) {
                    const int f = leaf(int(s.a));
                    return each(int(s.b), [&](int x) { return product(Code::Mul, f, x); });
                }
                if (!m_rows.gradient(int(s.b))) {
                    const int f = leaf(int(s.b));
                    return each(int(s.a), [&](int x) { return product(Code::Mul, x, f); });
                }
                return std::nullopt;
            case Code::Div:
                if (!m_rows.gradient(int(s.b))) {
                    const int f = leaf(int(s.b));
                    return each(int(s.a), [&](int x) { return product(Code::Div, x, f); });
                }
                return std::nullopt;
            default:  // a turn of the angle, or anything not affine
                return std::nullopt;
        }
    }

    template <class Map>
    std::optional<Terms> each(int slot, Map map) {
        const Terms* t = terms(slot);
        if (!t) return std::nullopt;
        return Terms{map(t->cos), map(t->sin), map(t->constant), map(t->length)};
    }

    std::optional<Terms> sum(Code code, int a, int b) {
        const Terms* ta = terms(a);
        const Terms* tb = terms(b);
        if (!ta || !tb) return std::nullopt;
        const auto combine = [&](int x, int y) {
            if (y < 0) return x;
            if (x < 0) return code == Code::Add ? y : m_out.unary(Code::Neg, y);
            return m_out.binary(code, x, y);
        };
        return Terms{combine(ta->cos, tb->cos), combine(ta->sin, tb->sin),
                     combine(ta->constant, tb->constant), combine(ta->length, tb->length)};
    }

    int product(Code code, int x, int y) { return x < 0 || y < 0 ? -1 : m_out.binary(code, x, y); }

    int one() {
        if (m_one < 0) m_one = m_out.constant(1);
        return m_one;
    }

    // A slot that depends on no unknown: read from the rows' values (a number, as itself).
    int leaf(int slot) {
        if (m_rows.step(slot).code == Code::Const) return m_out.constant(m_rows.value(slot));
        return m_out.input(uint32_t(slot));
    }

    const ExpressionTape& m_rows;
    ExpressionTape& m_out;
    int m_angle, m_length;
    std::vector<std::optional<Terms>> m_terms;
    std::vector<bool> m_seen;
    int m_one = -1;
};

}  // namespace

std::optional<HarmonicBlock> HarmonicBlock::of(const ExpressionTape& tape,
                                               std::span<const int> rows, int angle) {
    const int n = tape.unknownCount();
    if (n < 1 || n > 2 || int(rows.size()) != n || angle < 0 || angle >= n) return std::nullopt;
    HarmonicBlock block;
    block.m_angle = angle;
    block.m_length = n == 2 ? 1 - angle : -1;
    block.m_rowCount = n;
    // Room beforehand: grown by doubling, the coefficients of a chain's blocks cost its setup a
    // tenth more.
    block.m_tape.reserve(size_t(2 * tape.size()));
    Splitter splitter(tape, block.m_tape, block.m_angle, block.m_length);
    std::vector<int> kept;
    bool turns = false, stretches = false;
    for (size_t r = 0; r < rows.size(); ++r) {
        const Terms* t = splitter.terms(rows[r]);
        if (!t) return std::nullopt;
        block.m_rows[r] = {t->cos, t->sin, t->constant, t->length};
        kept.insert(kept.end(), block.m_rows[r].begin(), block.m_rows[r].end());
        turns = turns || t->cos >= 0 || t->sin >= 0;
        stretches = stretches || t->length >= 0;
    }
    if (!turns || (block.m_length >= 0 && !stretches)) return std::nullopt;
    block.m_tape.keepOnly(kept);
    return block;
}

HarmonicBlock::HarmonicBlock(const HarmonicBlock& built, SegmentArena* arena)
    : m_tape(built.m_tape, arena),
      m_rows(built.m_rows),
      m_rowCount(built.m_rowCount),
      m_angle(built.m_angle),
      m_length(built.m_length),
      m_values(built.m_values),
      m_side(built.m_side) {}

HarmonicBlock::Row HarmonicBlock::rowAt(size_t row) const {
    const Coefficients& c = m_rows[row];
    return {valueOf(m_tape, c[0]), valueOf(m_tape, c[1]), valueOf(m_tape, c[2]),
            valueOf(m_tape, c[3])};
}

// With two rows, the length left out: D₂ times the first row less D₁ times the second.
std::optional<HarmonicBlock::Root> HarmonicBlock::angleRoot(double start) {
    const Row& a = m_values[0];
    if (m_rowCount == 1) return nearestRoot(a, start, &m_side);
    const Row& b = m_values[1];
    if (a.length == 0 && b.length == 0) return std::nullopt;
    const Row angle{b.length * a.cos - a.length * b.cos, b.length * a.sin - a.length * b.sin,
                    b.length * a.constant - a.length * b.constant, 0};
    return nearestRoot(angle, start, &m_side);
}

// Each row's terms at their largest, |A| + |B| for A cos α + B sin α, and its slopes times the
// unknowns (what a unit in their last place moves it by): a few units in the last place of the
// largest, as evaluating the row there would leave it.
double HarmonicBlock::roundingAt(const Solution& at) const {
    double largest = 0;
    for (int r = 0; r < m_rowCount; ++r) {
        const Row& row = m_values[size_t(r)];
        const double turning = std::abs(row.cos) + std::abs(row.sin);
        const double stretching = std::abs(row.length * at.length);
        largest = std::max(
            largest, turning * (1 + std::abs(at.angle)) + std::abs(row.constant) + 2 * stretching);
    }
    return 2 * std::numeric_limits<double>::epsilon() * largest;
}

// A cos α + B sin α = −C where the unit vector (cos α, sin α) is −C/R along (A, B) / R and
// ±√(R² − C²)/R across it (R² = A² + B²); the slope there, B cos α − A sin α, is ∓√(R² − C²).
// The two roots are 2δ apart one way round and 2π − 2δ
// the other, sin δ = √(R² − C²)/R: a root nearer `start` than that sine (less than δ and than
// π − δ) is the nearer one.
std::optional<HarmonicBlock::Root> HarmonicBlock::nearestRoot(const Row& row, double start,
                                                              int* side) {
    const double a = row.cos, b = row.sin, c = row.constant;
    const double squared = a * a + b * b;
    const double across = squared - c * c;
    if (!std::isfinite(across) || !(across > kApart * squared)) return std::nullopt;
    const double s = std::sqrt(across);
    // The root of slope `slope`: ∓√(R² − C²) across for the sign ±.
    const auto rootOf = [&](int slope) {
        const double across = -slope * s;
        const double angle = elementary::atan2(-c * b + across * a, -c * a - across * b);
        return Root{angle + turnsToward(angle, start), slope};
    };
    const int first = side && *side < 0 ? -1 : 1;
    Root root = rootOf(first);
    const double away = std::abs(root.angle - start);
    if (!(away * away * squared < across)) {
        const Root other = rootOf(-first);
        const double otherAway = std::abs(other.angle - start);
        // On a tie the root of slope -1, whichever was worked out first.
        if (otherAway < away || (otherAway == away && other.slope < 0)) root = other;
    }
    if (side) *side = root.slope;
    return root;
}

}  // namespace mv
