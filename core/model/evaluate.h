#pragma once
// Evaluates a resolved Expression for any scalar type T: double in the analyzer and the mechanics,
// ceres::Jet in the solver's tests and benches, so values and exact derivatives come from the same
// code. The operators mean what core/model/compose_expression.h and core/model/scalar_operator.h
// say, the definitions the solver's ExpressionTape is compiled from too; this file only supplies
// numbers.
//
// The environment supplies the leaves. It must provide:
//   Value<T> variable(uint32_t index) const;
//   Value<T> anchor(uint32_t thing, uint32_t anchor) const;     // world position
//   Value<T> state(uint32_t element, uint32_t state) const;
//   double   parameter(uint32_t element, uint32_t parameter) const;
//   T or double localTime() const;   // t
//   T or double absoluteTime() const; // T
//   double   stepLength() const;     // iv
// and, where the machine moves (the mechanics), optionally
//   Value<T> anchorMotion(uint32_t thing, uint32_t anchor, int order) const; // 1: vel, 2: acc
// Without it vel() and acc() are NaN: the resolver lets only the mechanics' properties read them.

#include <limits>
#include <utility>

#include "core/model/compose_expression.h"
#include "core/model/expression.h"
#include "core/model/scalar_operator.h"

namespace mv {

// The algebra of numbers of type T, with leaves from an environment.
template <class T, class Env>
class NumberAlgebra {
public:
    explicit NumberAlgebra(const Env& env) : m_env(env) {}

    T apply(ScalarOp op, const T& a, const T& b) const { return applyScalar<T>(op, a, b); }
    T constant(double value) const { return T(value); }
    T none() const { return T(0); }
    std::pair<T, T> cosSin(const T& angle) const {
        return {apply(ScalarOp::Cos, angle, angle), apply(ScalarOp::Sin, angle, angle)};
    }
    // One instant has no frame before it to turn from.
    T turning(const T& angle, const Expression&) const { return angle; }

    Value<T> leaf(const Expression& e) const {
        auto scalar = [](const auto& v) { return Value<T>{T(v), T(0)}; };
        switch (e.op) {
            case ExprOp::Variable:
                return m_env.variable(e.index);
            case ExprOp::Anchor:
                return m_env.anchor(e.index, e.sub);
            case ExprOp::ElementState:
                return m_env.state(e.index, e.sub);
            case ExprOp::ElementParam:
                return scalar(m_env.parameter(e.index, e.sub));
            case ExprOp::LocalTime:
                return scalar(m_env.localTime());
            case ExprOp::AbsoluteTime:
                return scalar(m_env.absoluteTime());
            case ExprOp::StepLength:
                return scalar(m_env.stepLength());
            case ExprOp::AnchorVelocity:
                return motion(e, 1);
            case ExprOp::AnchorAcceleration:
                return motion(e, 2);
            default:
                return {};
        }
    }

private:
    Value<T> motion(const Expression& e, int order) const {
        if constexpr (requires { m_env.anchorMotion(e.index, e.sub, order); }) {
            return m_env.anchorMotion(e.index, e.sub, order);
        } else {
            const T undefined(std::numeric_limits<double>::quiet_NaN());
            return {undefined, undefined};
        }
    }

    const Env& m_env;
};

template <class T, class Env>
Value<T> evaluate(const Expression& e, const Env& env) {
    NumberAlgebra<T, Env> algebra(env);
    return compose<T>(e, algebra);
}

}  // namespace mv
