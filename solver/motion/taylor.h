#pragma once
// A number moving in time to second order, v + d1 ε + d2 ε² (d2 is half the second derivative):
// truncated Taylor arithmetic. core/model/evaluate.h evaluated on it gives an expression's value,
// its rate and its acceleration in one pass along the motion of everything it reads, exactly (no
// differencing), which is what the velocities of docs/reference.md#mechanics are. Where a function
// has no derivative (sqrt at 0, abs at 0, asin at ±1) the rates are 0, as in
// core/model/scalar_operator.h.

#include <cmath>

#include "core/model/elementary_functions.h"

namespace mv {

struct Taylor {
    double v = 0;
    double d1 = 0;
    double d2 = 0;

    Taylor() = default;
    Taylor(double value, double rate = 0, double half = 0)  // NOLINT: a constant converts
        : v(value), d1(rate), d2(half) {}

    double rate() const { return d1; }
    double acceleration() const { return 2 * d2; }

    friend Taylor operator+(const Taylor& a, const Taylor& b) {
        return {a.v + b.v, a.d1 + b.d1, a.d2 + b.d2};
    }
    friend Taylor operator-(const Taylor& a, const Taylor& b) {
        return {a.v - b.v, a.d1 - b.d1, a.d2 - b.d2};
    }
    friend Taylor operator-(const Taylor& a) { return {-a.v, -a.d1, -a.d2}; }
    friend Taylor operator*(const Taylor& a, const Taylor& b) {
        return {a.v * b.v, a.v * b.d1 + a.d1 * b.v, a.v * b.d2 + a.d1 * b.d1 + a.d2 * b.v};
    }
    friend Taylor operator/(const Taylor& a, const Taylor& b) {
        const double q = a.v / b.v;
        const double q1 = (a.d1 - q * b.d1) / b.v;
        return {q, q1, (a.d2 - q * b.d2 - q1 * b.d1) / b.v};
    }
    // Comparisons see the value only: a branch is taken where the motion is now.
    friend bool operator<(const Taylor& a, const Taylor& b) { return a.v < b.v; }
    friend bool operator>(const Taylor& a, const Taylor& b) { return a.v > b.v; }
    friend bool operator<=(const Taylor& a, const Taylor& b) { return a.v <= b.v; }
    friend bool operator>=(const Taylor& a, const Taylor& b) { return a.v >= b.v; }
};

// Its value, as the solver's tape reads it where a branch is chosen (expression_tape.h).
inline double valueOf(const Taylor& a) {
    return a.v;
}

// f(a) for f with value f0, first derivative f1 and second f2 at a.v (the chain rule to order 2).
inline Taylor chain(const Taylor& a, double f0, double f1, double f2) {
    return {f0, f1 * a.d1, f1 * a.d2 + 0.5 * f2 * a.d1 * a.d1};
}

inline Taylor sqrt(const Taylor& a) {
    const double r = std::sqrt(a.v);
    if (!(r > 0)) return {r, 0, 0};
    return chain(a, r, 0.5 / r, -0.25 / (r * a.v));
}
inline Taylor sin(const Taylor& a) {
    const auto [s, c] = elementary::sinCos(a.v);
    return chain(a, s, c, -s);
}
inline Taylor cos(const Taylor& a) {
    const auto [s, c] = elementary::sinCos(a.v);
    return chain(a, c, -s, -c);
}
// Both from one sincos, for a rotation (the tapes' cos-and-sin pairs).
inline void cosAndSin(const Taylor& a, Taylor& c, Taylor& s) {
    const auto [sine, cosine] = elementary::sinCos(a.v);
    c = chain(a, cosine, -sine, -cosine);
    s = chain(a, sine, cosine, -sine);
}
// ... where cos and sin of a.v are known already.
inline void cosAndSin(const Taylor& a, double cosine, double sine, Taylor& c, Taylor& s) {
    c = chain(a, cosine, -sine, -cosine);
    s = chain(a, sine, cosine, -sine);
}
inline Taylor tan(const Taylor& a) {
    const double t = elementary::tan(a.v), d = 1 + t * t;
    return chain(a, t, d, 2 * t * d);
}
inline Taylor asin(const Taylor& a) {
    const double r = elementary::asin(a.v), q = 1 - a.v * a.v;
    if (!(q > 0)) return {r, 0, 0};
    return chain(a, r, 1 / std::sqrt(q), a.v / (q * std::sqrt(q)));
}
inline Taylor acos(const Taylor& a) {
    const Taylor s = asin(a);
    return {elementary::acos(a.v), -s.d1, -s.d2};
}
inline Taylor exp(const Taylor& a) {
    const double e = elementary::exp(a.v);
    return chain(a, e, e, e);
}
inline Taylor log(const Taylor& a) {
    return chain(a, elementary::log(a.v), 1 / a.v, -1 / (a.v * a.v));
}
inline Taylor abs(const Taylor& a) {
    return a.v < 0 ? -a : (a.v > 0 ? a : Taylor{0, 0, 0});
}
inline Taylor pow(const Taylor& a, const Taylor& b) {
    if (b.d1 == 0 && b.d2 == 0) {  // a constant exponent: defined for a <= 0 as well
        const double p = b.v;
        return chain(a, elementary::pow(a.v, p), p * elementary::pow(a.v, p - 1),
                     p * (p - 1) * elementary::pow(a.v, p - 2));
    }
    return exp(b * log(a));
}
// The angle of (x, y) is the imaginary part of log(x + iy): its Taylor coefficients are those of
// z1/z0 and z2/z0 - (z1/z0)²/2.
inline Taylor atan2(const Taylor& y, const Taylor& x) {
    const double n = x.v * x.v + y.v * y.v;
    const double angle = elementary::atan2(y.v, x.v);
    if (!(n > 0)) return {angle, 0, 0};
    // w = z1 / z0 and u = z2 / z0, as complex numbers (re, im).
    const double wr = (x.d1 * x.v + y.d1 * y.v) / n, wi = (y.d1 * x.v - x.d1 * y.v) / n;
    const double ui = (y.d2 * x.v - x.d2 * y.v) / n;
    return {angle, wi, ui - wr * wi};
}
inline Taylor hypot(const Taylor& a, const Taylor& b) {
    const double r = elementary::hypot(a.v, b.v);
    if (!(r > 0)) return {r, 0, 0};
    // r² = a² + b², differentiated: r r1 = a a1 + b b1, and to second order.
    const double r1 = (a.v * a.d1 + b.v * b.d1) / r;
    const double r2 =
        (a.v * a.d2 + b.v * b.d2 + 0.5 * (a.d1 * a.d1 + b.d1 * b.d1) - 0.5 * r1 * r1) / r;
    return {r, r1, r2};
}

}  // namespace mv
