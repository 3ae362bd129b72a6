// Taylor arithmetic (solver/motion/taylor.h) against closed forms. A number moving as
// x(t) = p + q t + r t² is Taylor{p, q, r}; for f(x(t)) the chain rule gives the rate f'(p) q and
// the acceleration f''(p) q² + 2 f'(p) r. A point moving on a circle of radius R at angular speed
// ω checks the functions of two arguments: its angle moves at ω, its distance not at all.

#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <numbers>

#include "solver/motion/taylor.h"

using namespace mv;

namespace {

constexpr double p = 0.3, q = 1.7, r = -0.4;

void checkChain(const char* name, const std::function<Taylor(const Taylor&)>& f, double f0,
                double f1, double f2) {
    INFO(name);
    const Taylor y = f(Taylor{p, q, r});
    CHECK(y.v == Approx(f0).epsilon(1e-14));
    CHECK(y.rate() == Approx(f1 * q).epsilon(1e-14));
    CHECK(y.acceleration() == Approx(f2 * q * q + 2 * f1 * r).epsilon(1e-13));
}

struct Circle {
    double radius = 2.5, omega = 1.3, phase = 0.9;
    Taylor x() const {
        return {radius * std::cos(phase), -radius * omega * std::sin(phase),
                -radius * omega * omega * std::cos(phase) / 2};
    }
    Taylor y() const {
        return {radius * std::sin(phase), radius * omega * std::cos(phase),
                -radius * omega * omega * std::sin(phase) / 2};
    }
};

}  // namespace

TEST_CASE("Functions of one moving number follow the chain rule to second order",
          "[solver][taylor]") {
    using std::cos, std::sin, std::tan, std::sqrt, std::exp, std::log, std::asin, std::acos;
    checkChain(
        "sin", [](const Taylor& a) { return sin(a); }, sin(p), cos(p), -sin(p));
    checkChain(
        "cos", [](const Taylor& a) { return cos(a); }, cos(p), -sin(p), -cos(p));
    const double t = tan(p);
    checkChain(
        "tan", [](const Taylor& a) { return tan(a); }, t, 1 + t * t, 2 * t * (1 + t * t));
    checkChain(
        "sqrt", [](const Taylor& a) { return sqrt(a); }, sqrt(p), 0.5 / sqrt(p),
        -0.25 / (p * sqrt(p)));
    checkChain(
        "exp", [](const Taylor& a) { return exp(a); }, exp(p), exp(p), exp(p));
    checkChain(
        "log", [](const Taylor& a) { return log(a); }, log(p), 1 / p, -1 / (p * p));
    const double s = 1 - p * p;
    checkChain(
        "asin", [](const Taylor& a) { return asin(a); }, asin(p), 1 / sqrt(s), p / (s * sqrt(s)));
    checkChain(
        "acos", [](const Taylor& a) { return acos(a); }, acos(p), -1 / sqrt(s), -p / (s * sqrt(s)));
    checkChain(
        "x^3", [](const Taylor& a) { return pow(a, Taylor{3}); }, p * p * p, 3 * p * p, 6 * p);
    checkChain(
        "-x", [](const Taylor& a) { return -a; }, -p, -1, 0);
    checkChain(
        "x·x", [](const Taylor& a) { return a * a; }, p * p, 2 * p, 2);
    checkChain(
        "1/x", [](const Taylor& a) { return Taylor{1} / a; }, 1 / p, -1 / (p * p), 2 / (p * p * p));
    Taylor c, sn;
    cosAndSin(Taylor{p, q, r}, c, sn);
    CHECK(c.acceleration() == Approx(cos(Taylor{p, q, r}).acceleration()).epsilon(1e-15));
    CHECK(sn.rate() == Approx(sin(Taylor{p, q, r}).rate()).epsilon(1e-15));
}

TEST_CASE("A point on a circle: its angle turns at ω, its distance stays", "[solver][taylor]") {
    const Circle circle;
    const Taylor angle = atan2(circle.y(), circle.x());
    CHECK(angle.v == Approx(circle.phase).epsilon(1e-15));
    CHECK(angle.rate() == Approx(circle.omega).epsilon(1e-14));
    CHECK(angle.acceleration() == Approx(0).margin(1e-14));
    const Taylor distance = hypot(circle.x(), circle.y());
    CHECK(distance.v == Approx(circle.radius).epsilon(1e-15));
    CHECK(distance.rate() == Approx(0).margin(1e-14));
    CHECK(distance.acceleration() == Approx(0).margin(1e-13));
    // x y = R² sin(2(ωt + φ)) / 2 and y / x = tan(ωt + φ).
    const double R = circle.radius, w = circle.omega, f = circle.phase;
    const Taylor product = circle.x() * circle.y();
    CHECK(product.rate() == Approx(R * R * w * std::cos(2 * f)).epsilon(1e-14));
    CHECK(product.acceleration() == Approx(-2 * R * R * w * w * std::sin(2 * f)).epsilon(1e-14));
    const Taylor slope = circle.y() / circle.x();
    const double t = std::tan(f);
    CHECK(slope.rate() == Approx(w * (1 + t * t)).epsilon(1e-14));
    CHECK(slope.acceleration() == Approx(2 * w * w * t * (1 + t * t)).epsilon(1e-13));
}

TEST_CASE("Where a function has no derivative its rates are 0", "[solver][taylor]") {
    const Taylor moving{0, 2, 1};
    for (const Taylor& y : {sqrt(moving), abs(moving), hypot(moving, moving), atan2(moving, moving),
                            asin(Taylor{1, 2, 1})}) {
        CHECK(y.rate() == 0);
        CHECK(y.acceleration() == 0);
    }
    // Comparisons see the value only: the branch is taken where the motion is now.
    CHECK(Taylor{1, -5, 0} > Taylor{0, 5, 0});
    CHECK_FALSE(Taylor{1, -5, 0} < Taylor{1, 5, 0});
}
