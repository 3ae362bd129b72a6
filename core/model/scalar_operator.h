#pragma once
// The scalar operators of the expression language in one table: what each computes and how it
// differentiates. Both evaluators of an expression read it: core/model/evaluate.h (double in the
// analyzer and the mechanics, ceres::Jet in the tests and benches) and the solver's ExpressionTape
// (solver/kinematics/expression_tape.cpp, which carries forward derivatives by hand). So they
// agree on every value, tie and edge by construction rather than by comments; the vector
// operators of the language (length, rotate, dot, ...) are built from these in both.
//
// To add an operator: add it to MV_SCALAR_OPERATORS, give it a case in applyScalar() (value and
// partials side by side), and a reference meaning on ceres::Jet in
// tests/solver/expression_tape_jet_test.cpp, which checks value and derivative at many points.
//
// Where a derivative does not exist (sqrt at 0, hypot at the origin, asin and acos at ±1, abs at
// 0, ease at its ends) the partial is 0, so the solver sees a flat spot instead of a NaN that would
// poison every later step. Comparisons are 1 or 0 and have no derivative. Min and Max break ties
// towards their first argument.

#include <cmath>
#include <cstdint>

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

// The value of `op` at (a, b); when `d` is not null, also its partials there. Generic over the
// scalar (double, ceres::Jet): the evaluator calls it without partials, the tape with them.
template <class T>
T applyScalar(ScalarOp op, const T& a, const T& b, Partials<T>* d = nullptr) {
    using std::abs, std::acos, std::asin, std::atan2, std::cos, std::hypot, std::log, std::pow,
        std::sin, std::sqrt, std::tan;
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

}  // namespace mv
