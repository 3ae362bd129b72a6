#pragma once
// A number moving in time to any order up to kMaxDegree: c0 + c1 ε + c2 ε² + ... + cn εⁿ, in
// truncated Taylor arithmetic (taylor.h is the same to order 2, for the rates). The driving parts
// of the mechanics (driving_parts.h) extend the motion of the parts a pivot reads to a series of
// high order once, and read the pivot's acceleration from it wherever the integrator asks within
// its reach, instead of solving the parts at every stage of every step.
//
// The coefficients follow the recurrences of automatic differentiation (Griewank and Walther,
// "Evaluating Derivatives", ch. 13): each operator's k-th coefficient from those of its arguments
// up to k and its own below k (coefficientOf). So a tape is extended by one order at a time, each
// order a pass that costs O(k) an operation (tape_series.h), rather than recomputed to each order.
// A few rare operators (asin, atan2, tan, a lone sin or cos, a power with a moving exponent)
// recompute a helper series to the order asked, O(k²).
//
// Where an operator has no derivative (sqrt at 0, abs at 0, asin at ±1) its coefficients past the
// value are 0, as with taylor.h; comparisons, min, max and ease follow the branch their value
// takes (the motion extends only constraints without them: ExpressionTape::smooth).

#include <array>

#include "core/model/scalar_operator.h"
#include "solver/motion/taylor.h"

namespace mv {

class TaylorSeries {
public:
    static constexpr int kMaxDegree = 16;

    TaylorSeries() = default;
    TaylorSeries(double value) { m_c[0] = value; }  // NOLINT: a constant converts
    // The value, rate and half acceleration of an order-2 number.
    explicit TaylorSeries(const Taylor& t) : m_degree(2) {
        m_c[0] = t.v;
        m_c[1] = t.d1;
        m_c[2] = t.d2;
    }

    int degree() const { return m_degree; }
    // The k-th coefficient; 0 above the degree.
    double operator[](int k) const { return m_c[size_t(k)]; }
    // Sets the k-th coefficient, raising the degree to k where it was below.
    void set(int k, double coefficient) {
        m_c[size_t(k)] = coefficient;
        if (k > m_degree) m_degree = k;
    }
    // This series as one of `degree`: without its coefficients above it, or with 0 for those
    // it did not have.
    TaylorSeries ofDegree(int degree) const;

    // The value, rate and half acceleration `dt` after its origin, as taylor.h carries them.
    Taylor at(double dt) const;

private:
    std::array<double, kMaxDegree + 1> m_c{};  // 0 above m_degree
    int m_degree = 0;
};

// The k-th coefficient of op(a, b) (`b` ignored by a unary operator), `r` holding that result's
// coefficients below k; at k = 0 its value, as the solver's tapes compute it.
double coefficientOf(ScalarOp op, const TaylorSeries& a, const TaylorSeries& b,
                     const TaylorSeries& r, int k);
// The k-th coefficients of the cosine and the sine of `a` into `c` and `s`, which hold those
// below k: a rotation's pair, from one recurrence.
void setCosAndSin(const TaylorSeries& a, TaylorSeries& c, TaylorSeries& s, int k);

// op(a, b) to the higher of their degrees.
TaylorSeries series(ScalarOp op, const TaylorSeries& a, const TaylorSeries& b = {});

inline TaylorSeries operator+(const TaylorSeries& a, const TaylorSeries& b) {
    return series(ScalarOp::Add, a, b);
}
inline TaylorSeries operator-(const TaylorSeries& a, const TaylorSeries& b) {
    return series(ScalarOp::Sub, a, b);
}
inline TaylorSeries operator*(const TaylorSeries& a, const TaylorSeries& b) {
    return series(ScalarOp::Mul, a, b);
}
inline TaylorSeries operator/(const TaylorSeries& a, const TaylorSeries& b) {
    return series(ScalarOp::Div, a, b);
}

}  // namespace mv
