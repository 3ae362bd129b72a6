#include "solver/mechanics/crossing_locator.h"

#include <boost/math/tools/toms748_solve.hpp>
#include <cmath>
#include <cstdint>
#include <limits>

namespace mv {

namespace {

// Whether [a, b] is as narrow as asked, or as narrow as doubles at that time allow.
bool narrowEnough(double a, double b) {
    return b - a <= kTimeResolution + 4 * std::numeric_limits<double>::epsilon() * std::abs(b);
}

double sampleTime(double t0, double t1, int i) {
    return i == kSamples ? t1 : t0 + (t1 - t0) * i / kSamples;
}

// The latest time in [a, t] at which g still has the sign of ga (which is not zero), so that a
// point put there is strictly on its old side of the wall; walks back from a root hit exactly.
double strictlyBefore(const std::function<double(double)>& g, double a, double t, double ga) {
    for (double step = kTimeResolution; t > a; step *= 2) {
        if (g(t) * ga > 0) return t;
        t = std::max(a, t - step);
    }
    return a;
}

Crossing bracket(const std::function<double(double)>& g, double a, double b, double ga, double gb) {
    if (gb == 0) return {strictlyBefore(g, a, b, ga), b};
    std::uintmax_t iterations = 200;
    const auto [lo, hi] =
        boost::math::tools::toms748_solve(g, a, b, ga, gb, narrowEnough, iterations);
    return {strictlyBefore(g, a, lo, ga), hi};
}

}  // namespace

CrossingScan findFirstCrossing(const std::function<double(double)>& g, double t0, double t1,
                               const std::function<bool(double, double)>& accepts,
                               double startSide) {
    double a = t0, ga = g(t0);
    if (std::isfinite(ga) && startSide != 0 && !(ga * startSide > 0))
        ga = startSide * std::numeric_limits<double>::denorm_min();
    for (int i = 1; i <= kSamples; ++i) {
        const double b = sampleTime(t0, t1, i), gb = g(b);
        if (!std::isfinite(ga) || !std::isfinite(gb)) return {std::nullopt, true};
        if (accepts(ga, gb)) return {bracket(g, a, b, ga, gb), false, std::copysign(1.0, ga)};
        a = b;
        ga = gb;
    }
    return {};
}

std::optional<Crossing> findEnd(const std::function<bool(double)>& holds, double t0, double t1) {
    double a = t0;
    for (int i = 1; i <= kSamples; ++i) {
        double b = sampleTime(t0, t1, i);
        if (holds(b)) {
            a = b;
            continue;
        }
        while (!narrowEnough(a, b)) {
            const double middle = 0.5 * (a + b);
            (holds(middle) ? a : b) = middle;
        }
        return Crossing{a, b};
    }
    return std::nullopt;
}

}  // namespace mv
