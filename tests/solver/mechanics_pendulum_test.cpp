// A pendulum released at a large amplitude against the exact solution: its period is
// 4 sqrt(l/g) K(sin(theta0/2)), and its energy m l^2 theta'^2/2 - m g l cos theta is conserved.
// The period is measured, not assumed: the maxima (theta' crossing zero from + to -) are found on
// a coarse grid and refined by Newton's method on theta', whose derivative theta'' =
// -(g/l) sin theta is known exactly, each iterate sampled by a fresh simulation.

#include <boost/math/special_functions/ellint_1.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "solver/mechanics/simulate_mechanics.h"
#include "tests/solver/mechanics_fixture.h"

using namespace mv;
using namespace mv::test;

namespace {

constexpr double kTheta0 = 2.5, kG = 9.81, kL = 1.3, kMass = 1;

struct Sample {
    double theta, rate;
};

std::vector<Sample> simulateAt(const Script& script, const std::vector<double>& times) {
    const MechanicsResult result = simulateMechanics(script, planAt(script, times));
    REQUIRE(result.diagnostics.empty());
    std::vector<Sample> samples;
    for (const ElementStates& frame : result.frames)
        samples.push_back({frame[0][0].x, frame[0][1].x});
    return samples;
}

double energy(const Sample& s) {
    return kMass * kL * kL * s.rate * s.rate / 2 - kMass * kG * kL * std::cos(s.theta);
}

}  // namespace

TEST_CASE("a pendulum at large amplitude keeps its exact period and energy", "[mechanics]") {
    const double period = 4 * std::sqrt(kL / kG) * boost::math::ellint_1(std::sin(kTheta0 / 2));
    const int periods = 100;
    const double duration = periods * period + 0.5;
    Script script;
    const ElementId bob = addPendulum(script, "Bob", kTheta0, 0, kG, kL);
    addSwing(script, bob);
    setMarkers(script, {0, duration});

    std::vector<double> grid;
    for (int k = 0; k <= static_cast<int>(duration * 50); ++k) grid.push_back(k / 50.0);
    const std::vector<Sample> coarse = simulateAt(script, grid);

    const double e0 = energy(coarse.front());
    double worstDrift = 0;
    for (const Sample& s : coarse) worstDrift = std::max(worstDrift, std::abs(energy(s) - e0));
    CHECK(worstDrift / std::abs(e0) < 1e-9);

    std::vector<double> maxima;
    for (size_t i = 1; i < coarse.size(); ++i) {
        const double a = coarse[i - 1].rate, b = coarse[i].rate;
        if (a > 0 && b <= 0) maxima.push_back(grid[i - 1] + (grid[i] - grid[i - 1]) * a / (a - b));
    }
    REQUIRE(maxima.size() == periods);
    for (int iteration = 0; iteration < 3; ++iteration) {
        const std::vector<Sample> at = simulateAt(script, maxima);
        for (size_t i = 0; i < maxima.size(); ++i)
            maxima[i] -= at[i].rate / (-(kG / kL) * std::sin(at[i].theta));
    }
    CHECK(std::abs(maxima.front() - period) / period < 1e-8);
    CHECK(std::abs(maxima.back() / periods - period) / period < 1e-8);
    for (size_t i = 1; i < maxima.size(); ++i) {
        INFO("period " << i);
        CHECK(std::abs(maxima[i] - maxima[i - 1] - period) / period < 1e-8);
    }
}

TEST_CASE("a small swing follows theta0 cos(sqrt(g/l) t)", "[mechanics]") {
    // At 1e-4 rad the sine is linear to 2e-9 relative.
    const double theta0 = 1e-4, omega = std::sqrt(kG / kL);
    Script script;
    const ElementId bob = addPendulum(script, "Bob", theta0, 0, kG, kL);
    addSwing(script, bob);
    setMarkers(script, {0, 3});
    const std::vector<double> times = {0.1, 0.7, 1.3, 2.9};
    const std::vector<Sample> samples = simulateAt(script, times);
    for (size_t i = 0; i < times.size(); ++i) {
        CHECK(samples[i].theta == Approx(theta0 * std::cos(omega * times[i])).margin(1e-10));
        CHECK(samples[i].rate ==
              Approx(-theta0 * omega * std::sin(omega * times[i])).margin(1e-10));
    }
}
