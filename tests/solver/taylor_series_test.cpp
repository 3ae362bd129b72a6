// Series arithmetic of high order (solver/motion/taylor_series.h) against closed forms: the
// operators of a number moving as φ + ω t, or as 1 + t, against the coefficients of their known
// Taylor series to degree 16; identities that hold to every order (atan2 of a point on a circle
// is its angle, sin² + cos² = 1); and each operator of the tapes against the order-2 arithmetic
// of taylor.h, which the rates use.

#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <vector>

#include "core/model/scalar_operator.h"
#include "solver/motion/taylor_series.h"

using namespace mv;

namespace {

constexpr int kDegree = TaylorSeries::kMaxDegree;

// φ + ω t as a series of degree kDegree.
TaylorSeries line(double phi, double omega) {
    TaylorSeries x(phi);
    x.set(1, omega);
    return x.ofDegree(kDegree);
}

void checkCoefficients(const char* name, const TaylorSeries& series,
                       const std::function<double(int)>& expected, double epsilon = 1e-13) {
    INFO(name);
    REQUIRE(series.degree() == kDegree);
    for (int k = 0; k <= kDegree; ++k) {
        INFO("coefficient " << k);
        CHECK(series[k] == Approx(expected(k)).epsilon(epsilon).margin(epsilon));
    }
}

double factorial(int k) {
    double f = 1;
    for (int i = 2; i <= k; ++i) f *= i;
    return f;
}

// The k-th coefficient of (1 + t)^p: p (p − 1) ... (p − k + 1) / k!.
double binomial(double p, int k) {
    double c = 1;
    for (int i = 0; i < k; ++i) c *= (p - i) / (i + 1);
    return c;
}

}  // namespace

TEST_CASE("functions of a moving number follow their Taylor series to degree 16",
          "[solver][taylor]") {
    constexpr double phi = 0.4, omega = 1.7;
    const TaylorSeries x = line(phi, omega);
    // sin(φ + ω t): sin^(k)(φ) ω^k / k!, the derivatives turning by a quarter each.
    checkCoefficients("sin", series(ScalarOp::Sin, x), [&](int k) {
        return std::sin(phi + k * M_PI / 2) * std::pow(omega, k) / factorial(k);
    });
    checkCoefficients("cos", series(ScalarOp::Cos, x), [&](int k) {
        return std::cos(phi + k * M_PI / 2) * std::pow(omega, k) / factorial(k);
    });
    // e^(φ + ω t), a power with a moving exponent.
    checkCoefficients("exp", series(ScalarOp::Pow, TaylorSeries(M_E), x),
                      [&](int k) { return std::exp(phi) * std::pow(omega, k) / factorial(k); });
    const TaylorSeries onePlusT = line(1, 1);
    checkCoefficients("sqrt", series(ScalarOp::Sqrt, onePlusT),
                      [](int k) { return binomial(0.5, k); });
    checkCoefficients("pow", series(ScalarOp::Pow, onePlusT, 2.5),
                      [](int k) { return binomial(2.5, k); });
    checkCoefficients("division", TaylorSeries(1) / line(1, -1), [](int) { return 1.0; });
    checkCoefficients("hypot", series(ScalarOp::Hypot, 3 * onePlusT, 4 * onePlusT),
                      [](int k) { return k < 2 ? 5.0 : 0.0; });
    // A whole power through 0: t³, not the flat series of a power without a derivative there.
    checkCoefficients("pow at 0", series(ScalarOp::Pow, line(0, 1), 3),
                      [](int k) { return k == 3 ? 1.0 : 0.0; });
    // (1 + t)^t: 1 + t² − t³/2 + 5t⁴/6 − 3t⁵/4 + 33t⁶/40 − 5t⁷/6 + ...
    const std::vector<double> moving{1, 0, 1, -0.5, 5.0 / 6, -0.75, 33.0 / 40, -5.0 / 6};
    const TaylorSeries power = series(ScalarOp::Pow, onePlusT, line(0, 1));
    for (int k = 0; k < int(moving.size()); ++k) CHECK(power[k] == Approx(moving[size_t(k)]));
    // tan t = t + t³/3 + 2t⁵/15 + 17t⁷/315 + 62t⁹/2835.
    const std::vector<double> tangent{0, 1, 0, 1.0 / 3, 0, 2.0 / 15, 0, 17.0 / 315, 0, 62.0 / 2835};
    const TaylorSeries t = series(ScalarOp::Tan, line(0, 1));
    for (int k = 0; k < int(tangent.size()); ++k)
        CHECK(t[k] == Approx(tangent[size_t(k)]).margin(1e-15));
    // 3t² − 2t³ from 0.5 on: 0.5 + 1.5 t − 2 t³.
    checkCoefficients("ease", series(ScalarOp::Ease, line(0.5, 1)),
                      [](int k) { return k == 0 ? 0.5 : (k == 1 ? 1.5 : (k == 3 ? -2.0 : 0.0)); });
}

TEST_CASE("inverse functions undo theirs to every order", "[solver][taylor]") {
    constexpr double omega = 1.3;
    const auto isLine = [&](const char* name, const TaylorSeries& y, double phi) {
        checkCoefficients(
            name, y, [&](int k) { return k == 0 ? phi : (k == 1 ? omega : 0.0); }, 1e-12);
    };
    // A point on a circle of radius 2.5: its angle is φ + ω t.
    const TaylorSeries angle = line(2.2, omega);
    const TaylorSeries s = series(ScalarOp::Sin, angle), c = series(ScalarOp::Cos, angle);
    isLine("atan2", series(ScalarOp::Atan2, 2.5 * s, 2.5 * c), 2.2);
    isLine("asin", series(ScalarOp::Asin, series(ScalarOp::Sin, line(0.3, omega))), 0.3);
    isLine("acos", series(ScalarOp::Acos, series(ScalarOp::Cos, line(1.1, omega))), 1.1);
    checkCoefficients(
        "sin² + cos²", s * s + c * c, [](int k) { return k == 0 ? 1.0 : 0.0; }, 1e-12);
    // A rotation's pair, one order at a time, is the lone sine and cosine.
    TaylorSeries cosine, sine;
    for (int k = 0; k <= kDegree; ++k) setCosAndSin(angle, cosine, sine, k);
    for (int k = 0; k <= kDegree; ++k) {
        CHECK(cosine[k] == Approx(c[k]).epsilon(1e-15).margin(1e-300));
        CHECK(sine[k] == Approx(s[k]).epsilon(1e-15).margin(1e-300));
    }
}

TEST_CASE("a series keeps to order 2 what Taylor arithmetic computes, operator by operator",
          "[solver][taylor]") {
    const Taylor a(0.35, 1.2, -0.7), b(0.8, -0.4, 0.25);
    for (int op = 0; op < kScalarOpCount; ++op) {
        INFO("operator " << op);
        const auto scalar = static_cast<ScalarOp>(op);
        const Taylor expected = applyScalar(scalar, a, b);
        const TaylorSeries got =
            series(scalar, TaylorSeries(a).ofDegree(8), TaylorSeries(b).ofDegree(8));
        CHECK(got[0] == Approx(expected.v).epsilon(1e-14));
        CHECK(got[1] == Approx(expected.d1).epsilon(1e-13).margin(1e-15));
        CHECK(got[2] == Approx(expected.d2).epsilon(1e-13).margin(1e-15));
    }
}

TEST_CASE("a series read a while after its origin gives value, rate and half acceleration",
          "[solver][taylor]") {
    // 2 − t + 3t² + 0.5t⁴ at t = 0.3, its rate −1 + 6t + 2t³, half its acceleration 3 + 3t².
    TaylorSeries x(2);
    x.set(1, -1);
    x.set(2, 3);
    x.set(4, 0.5);
    const Taylor at = x.at(0.3);
    CHECK(at.v == Approx(2 - 0.3 + 3 * 0.09 + 0.5 * 0.0081).epsilon(1e-15));
    CHECK(at.d1 == Approx(-1 + 6 * 0.3 + 2 * 0.027).epsilon(1e-15));
    CHECK(at.d2 == Approx(3 + 3 * 0.09).epsilon(1e-15));
}
