#pragma once
// Evaluates a resolved Expression for any scalar type T: double in the analyzer and the mechanics,
// ceres::Jet in the solver, so values and exact derivatives come from the same code.
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

namespace mv {

// A scalar lives in x; a vector in (x, y); a Boolean is x > 0.
template <class T>
struct Value {
    T x{};
    T y{};
};

namespace detail {

template <class T>
T smoothStep(const T& s) {
    if (s <= T(0)) return T(0);
    if (s >= T(1)) return T(1);
    return s * s * (T(3) - T(2) * s);
}

template <class T>
T lowest(const T& a, const T& b) { return b < a ? b : a; }

template <class T>
T highest(const T& a, const T& b) { return a < b ? b : a; }

}  // namespace detail

template <class T, class Env>
Value<T> evaluate(const Expression& e, const Env& env) {
    using std::abs, std::acos, std::asin, std::atan2, std::cos, std::pow, std::sin, std::sqrt,
        std::tan;
    auto arg = [&](int i) { return evaluate<T>(*e.args[i], env); };
    auto scalar = [](T v) { return Value<T>{v, T(0)}; };
    auto flag = [](bool b) { return Value<T>{T(b ? 1.0 : 0.0), T(0)}; };

    switch (e.op) {
        case ExprOp::Number: return scalar(T(e.number));
        case ExprOp::Variable: return env.variable(e.index);
        case ExprOp::Anchor: return env.anchor(e.index, e.sub);
        case ExprOp::ElementState: return env.state(e.index, e.sub);
        case ExprOp::ElementParam: return scalar(T(env.parameter(e.index, e.sub)));
        case ExprOp::LocalTime: return scalar(T(env.localTime()));
        case ExprOp::AbsoluteTime: return scalar(T(env.absoluteTime()));
        case ExprOp::StepLength: return scalar(T(env.stepLength()));
        case ExprOp::MakeVector: return {arg(0).x, arg(1).x};
        case ExprOp::Negate: {
            const auto a = arg(0);
            return {-a.x, -a.y};
        }
        case ExprOp::Add: {
            const auto a = arg(0), b = arg(1);
            return {a.x + b.x, a.y + b.y};
        }
        case ExprOp::Subtract: {
            const auto a = arg(0), b = arg(1);
            return {a.x - b.x, a.y - b.y};
        }
        case ExprOp::Multiply: {
            const auto a = arg(0), b = arg(1);
            if (e.args[0]->type == ValueType::Vector) return {a.x * b.x, a.y * b.x};
            if (e.args[1]->type == ValueType::Vector) return {a.x * b.x, a.x * b.y};
            return scalar(a.x * b.x);
        }
        case ExprOp::Divide: {
            const auto a = arg(0), b = arg(1);
            return {a.x / b.x, a.y / b.x};
        }
        case ExprOp::Power: return scalar(pow(arg(0).x, arg(1).x));
        case ExprOp::X: return scalar(arg(0).x);
        case ExprOp::Y: return scalar(arg(0).y);
        case ExprOp::Length: {
            const auto a = arg(0);
            return scalar(sqrt(a.x * a.x + a.y * a.y));
        }
        case ExprOp::Angle: {
            const auto a = arg(0);
            return scalar(atan2(a.y, a.x));
        }
        case ExprOp::Rotate: {
            const auto v = arg(0);
            const T angle = arg(1).x;
            const T c = cos(angle), s = sin(angle);
            return {c * v.x - s * v.y, s * v.x + c * v.y};
        }
        case ExprOp::Sqrt: return scalar(sqrt(arg(0).x));
        case ExprOp::Sin: return scalar(sin(arg(0).x));
        case ExprOp::Cos: return scalar(cos(arg(0).x));
        case ExprOp::Tan: return scalar(tan(arg(0).x));
        case ExprOp::Asin: return scalar(asin(arg(0).x));
        case ExprOp::Acos: return scalar(acos(arg(0).x));
        case ExprOp::Atan2: return scalar(atan2(arg(0).x, arg(1).x));
        case ExprOp::Abs: return scalar(abs(arg(0).x));
        case ExprOp::Min: return scalar(detail::lowest(arg(0).x, arg(1).x));
        case ExprOp::Max: return scalar(detail::highest(arg(0).x, arg(1).x));
        case ExprOp::Clamp:
            return scalar(detail::highest(arg(1).x, detail::lowest(arg(0).x, arg(2).x)));
        case ExprOp::Lerp: {
            const auto a = arg(0), b = arg(1);
            const T s = arg(2).x;
            return {a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s};
        }
        case ExprOp::Ease: return scalar(detail::smoothStep(arg(0).x));
        case ExprOp::AngleBetween: {
            const auto v = arg(0), w = arg(1);
            return scalar(atan2(v.x * w.y - v.y * w.x, v.x * w.x + v.y * w.y));
        }
        case ExprOp::Dot: {
            const auto v = arg(0), w = arg(1);
            return scalar(v.x * w.x + v.y * w.y);
        }
        case ExprOp::Cross: {
            const auto v = arg(0), w = arg(1);
            return scalar(v.x * w.y - v.y * w.x);
        }
        case ExprOp::Less: return flag(arg(0).x < arg(1).x);
        case ExprOp::LessEqual: return flag(arg(0).x <= arg(1).x);
        case ExprOp::Greater: return flag(arg(0).x > arg(1).x);
        case ExprOp::GreaterEqual: return flag(arg(0).x >= arg(1).x);
    }
    return {};
}

}  // namespace mv
