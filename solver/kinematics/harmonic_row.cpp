#include "solver/kinematics/harmonic_row.h"

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

// A slot of the row's tape as A cos α + B sin α + C: each coefficient a slot of the coefficients'
// tape, or -1 for 0.
struct Terms {
    int cos = -1, sin = -1, constant = -1;
};

// Writes the coefficients' tape, slot by slot of the row's as the row needs them.
class Splitter {
public:
    Splitter(const ExpressionTape& row, ExpressionTape& out)
        : m_row(row), m_out(out), m_terms(size_t(row.size())), m_seen(size_t(row.size())) {}

    // Null where the slot is not affine in cos α and sin α.
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
        if (!m_row.gradient(slot)) return Terms{.constant = leaf(slot)};
        const ExpressionTape::Step s = m_row.step(slot);
        const auto ofTheAngle = [&] { return m_row.step(int(s.a)).code == Code::Unknown; };
        switch (s.code) {
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
                if (!m_row.gradient(int(s.a))) {
                    const int f = leaf(int(s.a));
                    return each(int(s.b), [&](int x) { return product(Code::Mul, f, x); });
                }
                if (!m_row.gradient(int(s.b))) {
                    const int f = leaf(int(s.b));
                    return each(int(s.a), [&](int x) { return product(Code::Mul, x, f); });
                }
                return std::nullopt;
            case Code::Div:
                if (!m_row.gradient(int(s.b))) {
                    const int f = leaf(int(s.b));
                    return each(int(s.a), [&](int x) { return product(Code::Div, x, f); });
                }
                return std::nullopt;
            default:  // the angle itself, a turn of it, or anything not affine
                return std::nullopt;
        }
    }

    template <class Map>
    std::optional<Terms> each(int slot, Map map) {
        const Terms* t = terms(slot);
        if (!t) return std::nullopt;
        return Terms{map(t->cos), map(t->sin), map(t->constant)};
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
                     combine(ta->constant, tb->constant)};
    }

    int product(Code code, int x, int y) { return x < 0 || y < 0 ? -1 : m_out.binary(code, x, y); }

    int one() {
        if (m_one < 0) m_one = m_out.constant(1);
        return m_one;
    }

    // A slot that depends on no unknown: read from the row's values (a number, as itself).
    int leaf(int slot) {
        if (m_row.step(slot).code == Code::Const) return m_out.constant(m_row.value(slot));
        return m_out.input(uint32_t(slot));
    }

    const ExpressionTape& m_row;
    ExpressionTape& m_out;
    std::vector<std::optional<Terms>> m_terms;
    std::vector<bool> m_seen;
    int m_one = -1;
};

}  // namespace

std::optional<HarmonicRow> HarmonicRow::of(const ExpressionTape& tape, int row) {
    if (tape.unknownCount() != 1 || !tape.gradient(row)) return std::nullopt;
    HarmonicRow harmonic;
    // Room beforehand: grown by doubling, the coefficients cost a segment's setup more than the
    // row's own kernel.
    harmonic.m_tape.reserve(size_t(2 * tape.size()));
    Splitter splitter(tape, harmonic.m_tape);
    const Terms* terms = splitter.terms(row);
    if (!terms || (terms->cos < 0 && terms->sin < 0)) return std::nullopt;
    harmonic.m_cos = terms->cos;
    harmonic.m_sin = terms->sin;
    harmonic.m_constant = terms->constant;
    harmonic.m_tape.keepOnly({terms->cos, terms->sin, terms->constant});
    return harmonic;
}

HarmonicRow::HarmonicRow(const HarmonicRow& built, SegmentArena* arena)
    : m_tape(built.m_tape, arena),
      m_cos(built.m_cos),
      m_sin(built.m_sin),
      m_constant(built.m_constant),
      m_side(built.m_side) {}

std::optional<HarmonicRow::Root> HarmonicRow::solve(const double* rowValues, double start) {
    m_tape.setInputs(rowValues);
    const auto value = [&](int slot) { return slot < 0 ? 0.0 : m_tape.value(slot); };
    const Coefficients row{value(m_cos), value(m_sin), value(m_constant)};
    auto root = nearestRoot(row, start, &m_side);
    if (!root) return std::nullopt;
    // The row's terms at their largest, |A| + |B| and |C|, and its slope times the angle (what a
    // unit in the angle's last place moves it by): a few units in the last place of the largest,
    // as evaluating the row there would leave it.
    const double terms = std::abs(row.cos) + std::abs(row.sin);
    root->rounding = 2 * std::numeric_limits<double>::epsilon() *
                     (terms * (1 + std::abs(root->angle)) + std::abs(row.constant));
    return root;
}

// A cos α + B sin α = −C where the unit vector (cos α, sin α) is −C/R along (A, B) / R and
// ±√(R² − C²)/R across it (R² = A² + B²); the slope there, B cos α − A sin α, is ∓√(R² − C²).
// The two roots are 2δ apart one way round and 2π − 2δ the other, sin δ = √(R² − C²)/R: a root
// nearer `start` than that sine (less than δ and than π − δ) is the nearer one.
std::optional<HarmonicRow::Root> HarmonicRow::nearestRoot(const Coefficients& row, double start,
                                                          int* side) {
    const double a = row.cos, b = row.sin, c = row.constant;
    const double squared = a * a + b * b;
    const double across = squared - c * c;
    if (!std::isfinite(across) || !(across > kApart * squared)) return std::nullopt;
    const double s = std::sqrt(across);
    // The root of slope `slope`: ∓√(R² − C²) across for the sign ±.
    const auto rootOf = [&](int slope) {
        const double offset = -slope * s;
        const double angle = elementary::atan2(-c * b + offset * a, -c * a - offset * b);
        return Root{.angle = angle + turnsToward(angle, start), .slope = slope};
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
