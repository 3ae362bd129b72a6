#pragma once
// Evaluates a resolved Expression for any scalar type T: double in the analyzer and the mechanics,
// ceres::Jet in the solver's tests and benches, so values and exact derivatives come from the same
// code. Every scalar operation goes through applyScalar (core/scalar_operator.h), the one table the
// solver's ExpressionTape also reads; only the composition of vectors is spelled out here.
//
// The environment supplies the leaves. It must provide:
//   Value<T> variable(uint32_t index) const;
//   Value<T> anchor(uint32_t thing, uint32_t anchor) const;     // world position
//   Value<T> state(uint32_t element, uint32_t state) const;
//   double   parameter(uint32_t element, uint32_t parameter) const;
//   double   localTime() const;      // t
//   double   absoluteTime() const;   // T
//   double   stepLength() const;     // iv

#include <cmath>

#include "core/expression.h"
#include "core/scalar_operator.h"

namespace mv {

// A scalar lives in x; a vector in (x, y); a Boolean is x > 0.
template <class T>
struct Value {
    T x{};
    T y{};
};

template <class T, class Env>
Value<T> evaluate(const Expression& e, const Env& env) {
    auto arg = [&](int i) { return evaluate<T>(*e.args[i], env); };
    auto scalar = [](T v) { return Value<T>{v, T(0)}; };
    auto op = [](ScalarOp o, const T& a, const T& b) { return applyScalar<T>(o, a, b); };
    auto unary = [&](ScalarOp o) {
        const T a = arg(0).x;
        return scalar(op(o, a, a));
    };
    auto binary = [&](ScalarOp o) { return scalar(op(o, arg(0).x, arg(1).x)); };
    auto dot = [&](const Value<T>& v, const Value<T>& w) {
        return op(ScalarOp::Add, op(ScalarOp::Mul, v.x, w.x), op(ScalarOp::Mul, v.y, w.y));
    };
    auto cross = [&](const Value<T>& v, const Value<T>& w) {
        return op(ScalarOp::Sub, op(ScalarOp::Mul, v.x, w.y), op(ScalarOp::Mul, v.y, w.x));
    };

    switch (e.op) {
        case ExprOp::Number:
            return scalar(T(e.number));
        case ExprOp::Variable:
            return env.variable(e.index);
        case ExprOp::Anchor:
            return env.anchor(e.index, e.sub);
        case ExprOp::ElementState:
            return env.state(e.index, e.sub);
        case ExprOp::ElementParam:
            return scalar(T(env.parameter(e.index, e.sub)));
        case ExprOp::LocalTime:
            return scalar(T(env.localTime()));
        case ExprOp::AbsoluteTime:
            return scalar(T(env.absoluteTime()));
        case ExprOp::StepLength:
            return scalar(T(env.stepLength()));
        case ExprOp::MakeVector:
            return {arg(0).x, arg(1).x};
        case ExprOp::Negate: {
            const auto a = arg(0);
            return {op(ScalarOp::Neg, a.x, a.x), op(ScalarOp::Neg, a.y, a.y)};
        }
        case ExprOp::Add: {
            const auto a = arg(0), b = arg(1);
            return {op(ScalarOp::Add, a.x, b.x), op(ScalarOp::Add, a.y, b.y)};
        }
        case ExprOp::Subtract: {
            const auto a = arg(0), b = arg(1);
            return {op(ScalarOp::Sub, a.x, b.x), op(ScalarOp::Sub, a.y, b.y)};
        }
        case ExprOp::Multiply: {
            const auto a = arg(0), b = arg(1);
            if (e.args[0]->type == ValueType::Vector)
                return {op(ScalarOp::Mul, a.x, b.x), op(ScalarOp::Mul, a.y, b.x)};
            if (e.args[1]->type == ValueType::Vector)
                return {op(ScalarOp::Mul, a.x, b.x), op(ScalarOp::Mul, a.x, b.y)};
            return scalar(op(ScalarOp::Mul, a.x, b.x));
        }
        case ExprOp::Divide: {
            const auto a = arg(0), b = arg(1);
            return {op(ScalarOp::Div, a.x, b.x), op(ScalarOp::Div, a.y, b.x)};
        }
        case ExprOp::Power:
            return binary(ScalarOp::Pow);
        case ExprOp::X:
            return scalar(arg(0).x);
        case ExprOp::Y:
            return scalar(arg(0).y);
        case ExprOp::Length: {
            const auto a = arg(0);
            return scalar(op(ScalarOp::Hypot, a.x, a.y));
        }
        case ExprOp::Angle: {
            const auto a = arg(0);
            return scalar(op(ScalarOp::Atan2, a.y, a.x));
        }
        case ExprOp::Rotate: {
            const auto v = arg(0);
            const T angle = arg(1).x;
            const T c = op(ScalarOp::Cos, angle, angle), s = op(ScalarOp::Sin, angle, angle);
            return {op(ScalarOp::Sub, op(ScalarOp::Mul, c, v.x), op(ScalarOp::Mul, s, v.y)),
                    op(ScalarOp::Add, op(ScalarOp::Mul, s, v.x), op(ScalarOp::Mul, c, v.y))};
        }
        case ExprOp::Sqrt:
            return unary(ScalarOp::Sqrt);
        case ExprOp::Sin:
            return unary(ScalarOp::Sin);
        case ExprOp::Cos:
            return unary(ScalarOp::Cos);
        case ExprOp::Tan:
            return unary(ScalarOp::Tan);
        case ExprOp::Asin:
            return unary(ScalarOp::Asin);
        case ExprOp::Acos:
            return unary(ScalarOp::Acos);
        case ExprOp::Atan2:
            return binary(ScalarOp::Atan2);
        case ExprOp::Abs:
            return unary(ScalarOp::Abs);
        case ExprOp::Min:
            return binary(ScalarOp::Min);
        case ExprOp::Max:
            return binary(ScalarOp::Max);
        case ExprOp::Clamp:  // max(low, min(x, high))
            return scalar(op(ScalarOp::Max, arg(1).x, op(ScalarOp::Min, arg(0).x, arg(2).x)));
        case ExprOp::Lerp: {  // a + (b - a) * s, per component
            const auto a = arg(0), b = arg(1);
            const T s = arg(2).x;
            auto lerp = [&](const T& from, const T& to) {
                return op(ScalarOp::Add, from, op(ScalarOp::Mul, op(ScalarOp::Sub, to, from), s));
            };
            return {lerp(a.x, b.x), lerp(a.y, b.y)};
        }
        case ExprOp::Ease:
            return unary(ScalarOp::Ease);
        case ExprOp::AngleBetween: {
            const auto v = arg(0), w = arg(1);
            return scalar(op(ScalarOp::Atan2, cross(v, w), dot(v, w)));
        }
        case ExprOp::Dot:
            return scalar(dot(arg(0), arg(1)));
        case ExprOp::Cross:
            return scalar(cross(arg(0), arg(1)));
        case ExprOp::Less:
            return binary(ScalarOp::Less);
        case ExprOp::LessEqual:
            return binary(ScalarOp::LessEqual);
        case ExprOp::Greater:
            return binary(ScalarOp::Greater);
        case ExprOp::GreaterEqual:
            return binary(ScalarOp::GreaterEqual);
    }
    return {};
}

}  // namespace mv
