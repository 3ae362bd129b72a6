#include "solver/motion/taylor_series.h"

#include <algorithm>
#include <cmath>

#include "core/model/elementary_functions.h"

namespace mv {

TaylorSeries TaylorSeries::ofDegree(int degree) const {
    TaylorSeries r;
    r.m_degree = degree;
    std::copy(m_c.begin(), m_c.begin() + std::min(degree, m_degree) + 1, r.m_c.begin());
    return r;
}

Taylor TaylorSeries::at(double dt) const {
    // Horner's rule for the value and its first two derivatives together.
    double value = m_c[size_t(m_degree)], rate = 0, second = 0;
    for (int k = m_degree - 1; k >= 0; --k) {
        second = second * dt + 2 * rate;
        rate = rate * dt + value;
        value = value * dt + m_c[size_t(k)];
    }
    return {value, rate, second / 2};
}

namespace {

// The k-th coefficient of a b, or its terms with a's coefficients `from` to `to` only (those
// that do not read a coefficient not known yet).
double product(const TaylorSeries& a, const TaylorSeries& b, int k, int from = 0, int to = -1) {
    double sum = 0;
    for (int j = from; j <= (to < 0 ? k : to); ++j) sum += a[j] * b[k - j];
    return sum;
}

// The k-th coefficient of f where f' = a' g: k f_k = Σ_{0<j≤k} j a_j g_{k−j}.
double integral(const TaylorSeries& a, const TaylorSeries& g, int k) {
    double sum = 0;
    for (int j = 1; j <= k; ++j) sum += j * a[j] * g[k - j];
    return sum / k;
}

// The k-th coefficient of r = sqrt(q), from q's: r_k = (q_k − Σ_{0<j<k} r_j r_{k−j}) / (2 r_0);
// 0 where the root has no derivative.
double root(double qk, const TaylorSeries& r, int k) {
    if (!(r[0] > 0)) return 0;
    return (qk - product(r, r, k, 1, k - 1)) / (2 * r[0]);
}

// `a` to degree k as the series of op(a) (the helpers of the rare operators).
TaylorSeries upTo(ScalarOp op, const TaylorSeries& a, const TaylorSeries& b, int k) {
    return series(op, a.ofDegree(k), b.ofDegree(std::min(k, b.degree())));
}

// log a to degree k: l_k = (a_k − (1/k) Σ_{0<j<k} j l_j a_{k−j}) / a_0.
TaylorSeries logarithm(const TaylorSeries& a, int k) {
    TaylorSeries l(elementary::log(a[0]));
    for (int n = 1; n <= k; ++n) {
        double sum = 0;
        for (int j = 1; j < n; ++j) sum += j * l[j] * a[n - j];
        l.set(n, (a[n] - sum / n) / a[0]);
    }
    return l;
}

double power(const TaylorSeries& a, const TaylorSeries& b, const TaylorSeries& r, int k) {
    bool constant = true;
    for (int j = 1; j <= std::min(k, b.degree()); ++j) constant = constant && b[j] == 0;
    if (!constant) {  // a^b = exp(b log a), and exp's f' = e' f
        const TaylorSeries e = b.ofDegree(k) * logarithm(a, k);
        return integral(e, r, k);
    }
    // a r' = p a' r: k a_0 r_k = Σ_{0<j≤k} (p j − (k − j)) a_j r_{k−j}.
    const double p = b[0];
    if (a[0] == 0) {
        // A whole power through 0 is a product; another power there has no derivative.
        if (!(p >= 0 && p <= TaylorSeries::kMaxDegree && p == std::floor(p))) return 0;
        TaylorSeries product(1);
        for (int n = 0; n < int(p); ++n) product = product * a.ofDegree(k);
        return product[k];
    }
    double sum = 0;
    for (int j = 1; j <= k; ++j) sum += (p * j - (k - j)) * a[j] * r[k - j];
    return sum / (k * a[0]);
}

// asin' = a' / w with w = sqrt(1 − a²): k w_0 s_k = k a_k − Σ_{0<j<k} j s_j w_{k−j}, s the
// arcsine's coefficients, which are `sign` times r's (acos = π/2 − asin).
double arcsine(const TaylorSeries& a, const TaylorSeries& r, int k, double sign) {
    const double q = 1 - a[0] * a[0];
    if (!(q > 0)) return 0;
    const TaylorSeries w = upTo(ScalarOp::Sqrt, TaylorSeries(1) - a * a, {}, k - 1);
    double sum = k * a[k];
    for (int j = 1; j < k; ++j) sum -= j * sign * r[j] * w[k - j];
    return sign * sum / (k * w[0]);
}

// atan2' m = x y' − y x' with m = x² + y²: k m_0 r_k = g_{k−1} − Σ_{0<j<k} j r_j m_{k−j}.
double angle(const TaylorSeries& y, const TaylorSeries& x, const TaylorSeries& r, int k) {
    const double m0 = x[0] * x[0] + y[0] * y[0];
    if (!(m0 > 0)) return 0;
    double g = 0;
    for (int j = 0; j < k; ++j) g += (k - j) * (x[j] * y[k - j] - y[j] * x[k - j]);
    for (int j = 1; j < k; ++j) g -= j * r[j] * (product(x, x, k - j) + product(y, y, k - j));
    return g / (k * m0);
}

// tan' = (1 + t²) a'.
double tangent(const TaylorSeries& a, const TaylorSeries& t, int k) {
    TaylorSeries u(1 + t[0] * t[0]);
    for (int m = 1; m < k; ++m) u.set(m, product(t, t, m));
    return integral(a, u, k);
}

// A lone sine or cosine: the pair to degree k.
double sineOrCosine(const TaylorSeries& a, int k, bool sine) {
    const auto [s0, c0] = elementary::sinCos(a[0]);
    TaylorSeries c(c0), s(s0);
    for (int n = 1; n <= k; ++n) setCosAndSin(a, c, s, n);
    return sine ? s[k] : c[k];
}

// 3a² − 2a³ between 0 and 1, flat outside.
double ease(const TaylorSeries& a, int k) {
    if (!(a[0] > 0 && a[0] < 1)) return 0;
    const TaylorSeries square = a.ofDegree(k) * a.ofDegree(k);
    return 3 * square[k] - 2 * product(square, a, k);
}

}  // namespace

double coefficientOf(ScalarOp op, const TaylorSeries& a, const TaylorSeries& b,
                     const TaylorSeries& r, int k) {
    if (k == 0) return applyToNumber<double>(op, a[0], b[0], nullptr);
    switch (op) {
        case ScalarOp::Neg:
            return -a[k];
        case ScalarOp::Add:
            return a[k] + b[k];
        case ScalarOp::Sub:
            return a[k] - b[k];
        case ScalarOp::Mul:
            return product(a, b, k);
        case ScalarOp::Div:  // r b = a
            return (a[k] - product(b, r, k, 1)) / b[0];
        case ScalarOp::Pow:
            return power(a, b, r, k);
        case ScalarOp::Sqrt:
            return root(a[k], r, k);
        case ScalarOp::Sin:
            return sineOrCosine(a, k, true);
        case ScalarOp::Cos:
            return sineOrCosine(a, k, false);
        case ScalarOp::Tan:
            return tangent(a, r, k);
        case ScalarOp::Asin:
            return arcsine(a, r, k, 1);
        case ScalarOp::Acos:
            return arcsine(a, r, k, -1);
        case ScalarOp::Atan2:
            return angle(a, b, r, k);
        case ScalarOp::Abs:
            return a[0] < 0 ? -a[k] : (a[0] > 0 ? a[k] : 0);
        case ScalarOp::Min:
            return b[0] < a[0] ? b[k] : a[k];
        case ScalarOp::Max:
            return a[0] < b[0] ? b[k] : a[k];
        case ScalarOp::Hypot:
            return root(product(a, a, k) + product(b, b, k), r, k);
        case ScalarOp::Ease:
            return ease(a, k);
        case ScalarOp::Less:
        case ScalarOp::LessEqual:
        case ScalarOp::Greater:
        case ScalarOp::GreaterEqual:
            return 0;
    }
    return 0;
}

// s' = a' c and c' = −a' s.
void setCosAndSin(const TaylorSeries& a, TaylorSeries& c, TaylorSeries& s, int k) {
    if (k == 0) {
        const auto [sine, cosine] = elementary::sinCos(a[0]);
        c.set(0, cosine);
        s.set(0, sine);
        return;
    }
    const double ck = -integral(a, s, k);
    s.set(k, integral(a, c, k));
    c.set(k, ck);
}

TaylorSeries series(ScalarOp op, const TaylorSeries& a, const TaylorSeries& b) {
    TaylorSeries r;
    const int degree = std::max(a.degree(), b.degree());
    for (int k = 0; k <= degree; ++k) r.set(k, coefficientOf(op, a, b, r, k));
    return r;
}

}  // namespace mv
