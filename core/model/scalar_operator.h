#pragma once
// The scalar operators of the expression language in one table: what each computes and how it
// differentiates. Both evaluators of an expression read it: core/model/evaluate.h (double in the
// analyzer and the mechanics, Taylor polynomials for rates, ceres::Jet for a wall's normal and in
// the tests and benches, chained through the double case) and the solver's ExpressionTape
// (solver/kinematics/expression_tape.cpp, which carries forward derivatives by hand). So they
// agree on every value, tie and edge by construction rather than by comments; the vector
// operators of the language (length, rotate, dot, ...) are built from these in both.
//
// To add an operator: add it to MV_SCALAR_OPERATORS, give it a case in applyToNumber() (value and
// partials side by side) and in hasKink(), and a reference meaning on ceres::Jet in
// tests/solver/expression_tape_jet_test.cpp, which checks value and derivative at many points.
//
// Where a derivative does not exist (sqrt at 0, hypot at the origin, asin and acos at ±1, abs at
// 0, ease at its ends) the partial is 0, so the solver sees a flat spot instead of a NaN that would
// poison every later step. Comparisons are 1 or 0 and have no derivative. Min and Max break ties
// towards their first argument.

#include <cmath>
#include <cstdint>

#include "core/model/elementary_functions.h"

// X(name): unary operators read `a` only (their `b` is ignored).
// Left as written, grouped as the table reads (clang-format would run the groups together).
// clang-format off
#define MV_SCALAR_OPERATORS(X) \
    X(Neg) X(Add) X(Sub) X(Mul) X(Div) X(Pow) \
    X(Sqrt) X(Sin) X(Cos) X(Tan) X(Asin) X(Acos) X(Atan2) X(Abs) \
    X(Min) X(Max) X(Hypot) X(Ease) \
    X(Less) X(LessEqual) X(Greater) X(GreaterEqual)
// clang-format on

namespace mv {

enum class ScalarOp : uint8_t {
#define MV_SCALAR_OPERATOR_ENUM(name) name,
    MV_SCALAR_OPERATORS(MV_SCALAR_OPERATOR_ENUM)
#undef MV_SCALAR_OPERATOR_ENUM
};

#define MV_SCALAR_OPERATOR_COUNT(name) +1
inline constexpr int kScalarOpCount = 0 MV_SCALAR_OPERATORS(MV_SCALAR_OPERATOR_COUNT);
#undef MV_SCALAR_OPERATOR_COUNT

// The partial derivatives of one application, by its first and its second argument.
template <class T>
struct Partials {
    T a{};
    T b{};
};

// The value of `op` at (a, b) in an arithmetic of numbers (double, or the solver's Taylor
// polynomials, solver/motion/taylor.h, whose functions argument-dependent lookup finds); when `d`
// is not null, also its partials there.
template <class T>
T applyToNumber(ScalarOp op, const T& a, const T& b, Partials<T>* d) {
    using elementary::acos, elementary::asin, elementary::atan2, elementary::cos, elementary::hypot,
        elementary::log, elementary::pow, elementary::sin, elementary::tan;
    using std::abs, std::sqrt;
    const T zero(0), one(1);
    if (d) *d = {zero, zero};
    switch (op) {
        case ScalarOp::Neg:
            if (d) d->a = -one;
            return -a;
        case ScalarOp::Add:
            if (d) *d = {one, one};
            return a + b;
        case ScalarOp::Sub:
            if (d) *d = {one, -one};
            return a - b;
        case ScalarOp::Mul:
            if (d) *d = {b, a};
            return a * b;
        case ScalarOp::Div:
            if (d) *d = {one / b, -(a / b) / b};  // b * b would underflow
            return a / b;
        case ScalarOp::Pow: {
            const T r = pow(a, b);
            if (d) *d = {b * pow(a, b - one), a > zero ? r * log(a) : zero};
            return r;
        }
        case ScalarOp::Sqrt: {
            const T r = sqrt(a);
            if (d) d->a = r > zero ? T(0.5) / r : zero;
            return r;
        }
        case ScalarOp::Sin:
            if (d) d->a = cos(a);
            return sin(a);
        case ScalarOp::Cos:
            if (d) d->a = -sin(a);
            return cos(a);
        case ScalarOp::Tan: {
            const T r = tan(a);
            if (d) d->a = one + r * r;
            return r;
        }
        case ScalarOp::Asin:
            if (d) d->a = abs(a) < one ? one / sqrt(one - a * a) : zero;
            return asin(a);
        case ScalarOp::Acos:
            if (d) d->a = abs(a) < one ? -one / sqrt(one - a * a) : zero;
            return acos(a);
        case ScalarOp::Atan2:
            if (d) {
                const T n = a * a + b * b;
                if (n > zero) *d = {b / n, -a / n};
            }
            return atan2(a, b);
        case ScalarOp::Abs:
            if (d) d->a = a > zero ? one : (a < zero ? -one : zero);
            return abs(a);
        case ScalarOp::Min:
            if (b < a) {
                if (d) d->b = one;
                return b;
            }
            if (d) d->a = one;
            return a;
        case ScalarOp::Max:
            if (a < b) {
                if (d) d->b = one;
                return b;
            }
            if (d) d->a = one;
            return a;
        case ScalarOp::Hypot: {
            const T r = hypot(a, b);  // a * a + b * b under- and overflows
            if (d && r > zero) *d = {a / r, b / r};
            return r;
        }
        case ScalarOp::Ease:  // smoothstep: 0 before 0, 1 after 1, 3a² - 2a³ between
            if (a <= zero) return zero;
            if (a >= one) return one;
            if (d) d->a = T(6) * a * (one - a);
            return a * a * (T(3) - T(2) * a);
        case ScalarOp::Less:
            return a < b ? one : zero;
        case ScalarOp::LessEqual:
            return a <= b ? one : zero;
        case ScalarOp::Greater:
            return a > b ? one : zero;
        case ScalarOp::GreaterEqual:
            return a >= b ? one : zero;
    }
    return zero;
}

// Whether `op` has a kink or a jump where its arguments are smooth (abs at 0, min and max where
// they tie, ease at its ends, a comparison where it flips): a Taylor series in time of what reads
// it (solver/motion/taylor_series.h) would not see one coming.
constexpr bool hasKink(ScalarOp op) {
    switch (op) {
        case ScalarOp::Abs:
        case ScalarOp::Min:
        case ScalarOp::Max:
        case ScalarOp::Ease:
        case ScalarOp::Less:
        case ScalarOp::LessEqual:
        case ScalarOp::Greater:
        case ScalarOp::GreaterEqual:
            return true;
        default:
            return false;
    }
}

// A dual number: a value `a` and its derivatives `v` (ceres::Jet, which core does not name).
template <class T>
concept DualNumber = requires(T t) {
    t.a;
    t.v;
};

// `op` on dual numbers, by the chain rule over the number's value and partials: so its last bits
// come from core/model/elementary_functions.h as a double's do (a Jet's own sin is glibc's on the
// desktop), and it takes the tape's value where a derivative does not exist.
template <DualNumber T>
T applyToDual(ScalarOp op, const T& a, const T& b) {
    Partials<double> p;
    T r(applyToNumber<double>(op, a.a, b.a, &p));
    r.v = p.a * a.v;
    if (p.b != 0) r.v += p.b * b.v;  // a unary operator's b, which it ignores, adds nothing
    return r;
}

// The value of `op` at (a, b); when `d` is not null, also its partials there. Generic over the
// scalar (double, Taylor, ceres::Jet): the evaluator calls it without partials, the tape with them.
template <class T>
T applyScalar(ScalarOp op, const T& a, const T& b, Partials<T>* d = nullptr) {
    if constexpr (DualNumber<T>) {
        return applyToDual(op, a, b);
    } else {
        return applyToNumber(op, a, b, d);
    }
}

}  // namespace mv
