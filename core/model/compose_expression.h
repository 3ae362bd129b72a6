#pragma once
// The meaning of the language's vector operators, written once. Length, rotate, dot, lerp, ... are
// compositions of the scalar operators of core/model/scalar_operator.h; this template spells each
// out over an abstract "algebra" of scalars, so that every evaluator composes them the same way:
// core/model/evaluate.h computes numbers (double, ceres::Jet), the solver's TapeCompiler
// (solver/kinematics/segment_problem.cpp) records tape slots. Neither can drift from the other.
//
// An algebra over scalar handles S provides:
//   S          apply(ScalarOp op, S a, S b);   // a unary operator reads a only
//   S          constant(double value);
//   S          none();                         // the unused y of a scalar
//   Value<S>   leaf(const Expression& e);      // variables, anchors, states, parameters, times
//   std::pair<S, S> cosSin(S angle);
//   S          turning(S angle, const Expression& e); // e's angle, in (−π, π], as it turns
//
// angle(v), angle(v, w) and v.angle go through turning(): the language's angles turn with the
// machine (docs/language.md, "Angles"), so an algebra that follows frames (the solver's tape)
// moves the value by whole turns to the one nearest the frame before; one that sees a single
// instant (constant folding, the mechanics) keeps it in (−π, π]. atan2(y, x) does not: it is the
// function of mathematics, wrapped.

#include <utility>

#include "core/model/expression.h"
#include "core/model/scalar_operator.h"

namespace mv {

// A scalar lives in x; a vector in (x, y); a Boolean is x > 0.
template <class S>
struct Value {
    S x{};
    S y{};
};

// v turned by the angle whose cosine and sine are c and s.
template <class S, class Algebra>
Value<S> rotateBy(Algebra& a, const Value<S>& v, S c, S s) {
    return {a.apply(ScalarOp::Sub, a.apply(ScalarOp::Mul, c, v.x), a.apply(ScalarOp::Mul, s, v.y)),
            a.apply(ScalarOp::Add, a.apply(ScalarOp::Mul, s, v.x), a.apply(ScalarOp::Mul, c, v.y))};
}

template <class S, class Algebra>
Value<S> compose(const Expression& e, Algebra& a) {
    auto arg = [&](size_t i) { return compose<S>(*e.args[i], a); };
    auto op = [&](ScalarOp o, S l, S r) { return a.apply(o, l, r); };
    auto scalar = [&](S v) { return Value<S>{v, a.none()}; };
    auto unary = [&](ScalarOp o) {
        const S x = arg(0).x;
        return scalar(op(o, x, x));
    };
    auto binary = [&](ScalarOp o) { return scalar(op(o, arg(0).x, arg(1).x)); };
    // Componentwise f over the result's components: both for a vector, x for a scalar.
    auto each = [&](auto f) {
        return e.type == ValueType::Vector ? Value<S>{f(&Value<S>::x), f(&Value<S>::y)}
                                           : scalar(f(&Value<S>::x));
    };
    auto dot = [&](const Value<S>& v, const Value<S>& w) {
        return op(ScalarOp::Add, op(ScalarOp::Mul, v.x, w.x), op(ScalarOp::Mul, v.y, w.y));
    };
    auto cross = [&](const Value<S>& v, const Value<S>& w) {
        return op(ScalarOp::Sub, op(ScalarOp::Mul, v.x, w.y), op(ScalarOp::Mul, v.y, w.x));
    };

    switch (e.op) {
        case ExprOp::Number:
            return scalar(a.constant(e.number));
        case ExprOp::Variable:
        case ExprOp::Anchor:
        case ExprOp::ElementState:
        case ExprOp::ElementParam:
        case ExprOp::LocalTime:
        case ExprOp::AbsoluteTime:
        case ExprOp::StepLength:
        case ExprOp::AnchorVelocity:
        case ExprOp::AnchorAcceleration:
            return a.leaf(e);
        case ExprOp::MakeVector:
            return {arg(0).x, arg(1).x};
        case ExprOp::Negate: {
            const Value<S> v = arg(0);
            return each([&](S Value<S>::*c) { return op(ScalarOp::Neg, v.*c, v.*c); });
        }
        case ExprOp::Add:
        case ExprOp::Subtract: {
            const Value<S> l = arg(0), r = arg(1);
            const ScalarOp o = e.op == ExprOp::Add ? ScalarOp::Add : ScalarOp::Sub;
            return each([&](S Value<S>::*c) { return op(o, l.*c, r.*c); });
        }
        case ExprOp::Multiply: {  // scalar * scalar, vector * scalar or scalar * vector
            const Value<S> l = arg(0), r = arg(1);
            if (e.args[1]->type == ValueType::Vector)
                return each([&](S Value<S>::*c) { return op(ScalarOp::Mul, l.x, r.*c); });
            return each([&](S Value<S>::*c) { return op(ScalarOp::Mul, l.*c, r.x); });
        }
        case ExprOp::Divide: {  // by a scalar
            const Value<S> l = arg(0), r = arg(1);
            return each([&](S Value<S>::*c) { return op(ScalarOp::Div, l.*c, r.x); });
        }
        case ExprOp::Power:
            return binary(ScalarOp::Pow);
        case ExprOp::X:
            return scalar(arg(0).x);
        case ExprOp::Y:
            return scalar(arg(0).y);
        case ExprOp::Length: {
            const Value<S> v = arg(0);
            return scalar(op(ScalarOp::Hypot, v.x, v.y));
        }
        case ExprOp::Angle: {
            const Value<S> v = arg(0);
            return scalar(a.turning(op(ScalarOp::Atan2, v.y, v.x), e));
        }
        case ExprOp::Rotate: {
            const Value<S> v = arg(0);
            const auto [c, s] = a.cosSin(arg(1).x);
            return rotateBy(a, v, c, s);
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
        case ExprOp::Lerp: {  // from + (to - from) * s, per component
            const Value<S> from = arg(0), to = arg(1);
            const S s = arg(2).x;
            return each([&](S Value<S>::*c) {
                return op(ScalarOp::Add, from.*c,
                          op(ScalarOp::Mul, op(ScalarOp::Sub, to.*c, from.*c), s));
            });
        }
        case ExprOp::Ease:
            return unary(ScalarOp::Ease);
        case ExprOp::AngleBetween: {
            const Value<S> v = arg(0), w = arg(1);
            return scalar(a.turning(op(ScalarOp::Atan2, cross(v, w), dot(v, w)), e));
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
    return scalar(a.constant(0));
}

}  // namespace mv
