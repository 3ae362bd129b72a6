// Periodic states (docs/reference.md#periodic-states): a pendulum's theta is integrated
// continuously, while a guard reads it reduced to (-π, π]. A pendulum that goes over the top
// between two sides of one peg, `guard = Bob.theta - 1`, must meet the peg at theta = 1 and again
// at 1 - 2π from the other side, and never take the reduction's jump at ±π for a crossing. Between
// the two it swings over the top with its energy, so its motion repeats exactly every two passages
// of a full turn, whose time a quadrature gives independently of the solver.

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>
#include <sstream>
#include <string>

#include "core/model/frame_plan.h"
#include "solver/mechanics/periodic_reading.h"
#include "solver/mechanics/simulate_mechanics.h"
#include "tests/solver/mechanics_fixture.h"
#include "tests/solver/script_text.h"

using namespace mv;
using kinematics_test::compileText;

namespace {

constexpr double kG = 9.81, kL = 1, kRate0 = 8;  // 64 > 4 g / l: over the top
constexpr double kPi = std::numbers::pi;

std::string pendulumWithPeg(const std::string& guard, double end) {
    std::ostringstream s;
    s << ".config(25, 400, 300);\n"
      << "Bob : .pendulum theta = 0 theta_d1 = " << kRate0 << " g = " << kG << " l = " << kL
      << ";\n"
      << "Swing : .swing target = Bob;\n"
      << "Peg : .reflection target = Bob guard = " << guard << ";\n"
      << "@0\n@" << end << "\n";
    return s.str();
}

// The angular speed at theta, from the energy: ω² = ω0² - 2 (g / l) (1 - cos θ).
double rateAt(double theta) {
    return std::sqrt(kRate0 * kRate0 - 2 * kG / kL * (1 - std::cos(theta)));
}

// The time a full turn takes at this energy: ∫ dθ / ω over 2π.
double fullTurnTime() {
    return boost::math::quadrature::gauss_kronrod<double, 61>::integrate(
        [](double theta) { return 1 / rateAt(theta); }, 0.0, 2 * kPi, 15, 1e-14);
}

}  // namespace

TEST_CASE("a periodic state is reduced to above -P/2 and up to P/2", "[mechanics][periodic]") {
    const double turn = 2 * kPi;
    CHECK(PeriodicReading::reduce(kPi, turn) == kPi);
    CHECK(PeriodicReading::reduce(-kPi, turn) == Approx(kPi));
    CHECK(PeriodicReading::reduce(1 + 2 * turn, turn) == Approx(1));
    CHECK(PeriodicReading::reduce(1 - turn, turn) == Approx(1));
    CHECK(PeriodicReading::reduce(-3, turn) == -3);
    CHECK(PeriodicReading::reduce(0.75, 1) == Approx(-0.25));
}

TEST_CASE("a step over ±π is scanned on the readings before and after the jump",
          "[mechanics][periodic]") {
    const auto script = compileText(pendulumWithPeg("Bob.theta - 1", 1));
    const StateLayout layout(*script);
    const PeriodicReading reading(layout);
    REQUIRE(reading.any());
    // theta and theta_d1: only theta is periodic.
    CHECK(reading.over({0.5, 3}, {1.5, 3}).size() == 1);
    const auto across = reading.over({3.0, 8}, {3.3, 8});
    REQUIRE(across.size() == 2);
    CHECK(across[0] == std::vector<double>{0, 0});
    CHECK(across[1][0] == Approx(2 * kPi));
    CHECK(across[1][1] == 0);
}

TEST_CASE("a pendulum over the top meets one peg from both sides", "[mechanics][periodic]") {
    const double turn = fullTurnTime();
    const double period = 2 * turn;  // 1 -> 1 - 2π -> 1
    const auto script = compileText(pendulumWithPeg("Bob.theta - 1", 6 * period));
    // Every frame at 50 fps: theta stays between the two sides of the peg.
    const MechanicsResult uniform = simulateMechanics(*script, test::planUniform(*script, 50));
    REQUIRE(uniform.diagnostics.empty());
    CHECK(uniform.leaks == 0);
    double lowest = 0, highest = 0;
    for (const ElementStates& frame : uniform.frames) {
        lowest = std::min(lowest, frame[0][0].x);
        highest = std::max(highest, frame[0][0].x);
        // Energy: the rate at each theta is the one the energy gives, on either side of a bounce.
        CHECK(std::abs(frame[0][1].x) == Approx(rateAt(frame[0][0].x)).epsilon(1e-8));
    }
    CHECK(highest <= 1 + 1e-9);
    CHECK(lowest >= 1 - 2 * kPi - 1e-9);
    CHECK(lowest < -kPi);  // it went over the top and on past -π, as a periodic reading allows

    // The same pendulum against a peg whose guard needs no reduction: sin((θ − 1)/2) is zero at
    // every 1 + 2πn and changes sign only there.
    const auto reference = compileText(pendulumWithPeg("sin((Bob.theta - 1) / 2)", 6 * period));
    const MechanicsResult expected =
        simulateMechanics(*reference, test::planUniform(*reference, 50));
    REQUIRE(expected.frames.size() == uniform.frames.size());
    for (size_t f = 0; f < uniform.frames.size(); ++f) {
        INFO("frame " << f);
        CHECK(uniform.frames[f][0][0].x == Approx(expected.frames[f][0][0].x).margin(1e-6));
        CHECK(uniform.frames[f][0][1].x == Approx(expected.frames[f][0][1].x).margin(1e-5));
    }

    // The motion repeats every `period`: sampled one period apart, five times over.
    std::vector<double> times;
    const int samples = 40;
    for (int n = 0; n <= 5; ++n)
        for (int i = 0; i < samples; ++i) times.push_back(0.2 + n * period + i * period / samples);
    const MechanicsResult sampled = simulateMechanics(*script, test::planAt(*script, times));
    REQUIRE(sampled.diagnostics.empty());
    for (int n = 1; n <= 5; ++n) {
        for (int i = 0; i < samples; ++i) {
            const ElementStates& first = sampled.frames[size_t(i)];
            const ElementStates& later = sampled.frames[size_t(n * samples + i)];
            INFO("period " << n << ", sample " << i);
            CHECK(later[0][0].x == Approx(first[0][0].x).margin(1e-6));
            CHECK(later[0][1].x == Approx(first[0][1].x).margin(1e-5));
        }
    }
}

TEST_CASE("a guard a periodic state can never zero is a warning naming the range",
          "[mechanics][periodic]") {
    const auto never = compileText(pendulumWithPeg("Bob.theta - 4", 1));
    const MechanicsResult result = simulateMechanics(*never, planFrames(*never));
    REQUIRE(result.diagnostics.size() == 1);
    const Diagnostic& warning = result.diagnostics.front();
    CHECK(warning.severity == Severity::Warning);
    CHECK(warning.message.find("Bob.theta") != std::string::npos);
    CHECK(warning.message.find("(-\u03c0, \u03c0]") != std::string::npos);
    // The guard's own text is where it points.
    CHECK(never->source->text().substr(warning.range.begin,
                                       warning.range.end - warning.range.begin) == "Bob.theta - 4");

    for (const char* fine : {"Bob.theta - 3", "Bob.theta - 4 + T", "2 * Bob.theta - 4"}) {
        INFO(fine);
        const auto script = compileText(pendulumWithPeg(fine, 1));
        CHECK(simulateMechanics(*script, planFrames(*script)).diagnostics.empty());
    }
}
