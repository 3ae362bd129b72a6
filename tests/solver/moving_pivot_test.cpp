// Pendulums hung from the machine (docs/reference.md#moving-pivots, `pivot`): the equation of
// motion with the pivot's exact acceleration, θ'' = -(g sin θ + p''.x cos θ + p''.y sin θ) / l.
// Checked against an independent fourth-order Runge-Kutta integration written here; a constant
// pivot against the fixed one; a Kapitza pendulum (upright, its pivot shaken fast: it stays up when
// a²ω² > 2gl and falls without the shake); a pivot on a slider-crank's slider read along the series
// of the driving parts, between solves, against the closed form of the slider (and a shaken one,
// whose series has every other term 0), but not past a kink of its parts; and a pivot that reads a
// thing placed from the same pendulum is a loop.

#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <sstream>

#include "core/model/frame_plan.h"
#include "script_text.h"
#include "solver/api/animation.h"
#include "solver/mechanics/mechanics_clock.h"
#include "solver/motion/driving_parts.h"
#include "solver/motion/taylor_series.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kG = 9.81;

// θ at `times` for θ'' = -(g sin θ + a(T) cos θ) / l, by RK4 with steps of h.
std::vector<double> referenceAngles(double theta, double rate, double l,
                                    const std::function<double(double)>& pivotAccelerationX,
                                    const std::vector<double>& times, double h = 1e-4) {
    auto f = [&](double T, double th) {
        return -(kG * std::sin(th) + pivotAccelerationX(T) * std::cos(th)) / l;
    };
    std::vector<double> out;
    double T = 0;
    for (double until : times) {
        while (T < until - 1e-12) {
            const double step = std::min(h, until - T);
            const double k1 = rate, l1 = f(T, theta);
            const double k2 = rate + step / 2 * l1, l2 = f(T + step / 2, theta + step / 2 * k1);
            const double k3 = rate + step / 2 * l2, l3 = f(T + step / 2, theta + step / 2 * k2);
            const double k4 = rate + step * l3, l4 = f(T + step, theta + step * k3);
            theta += step / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
            rate += step / 6 * (l1 + 2 * l2 + 2 * l3 + l4);
            T += step;
        }
        out.push_back(theta);
    }
    return out;
}

std::vector<double> anglesOf(const Animation& animation) {
    std::vector<double> angles;
    for (const FrameSolution& frame : animation.frames) angles.push_back(frame.elements[0][0].x);
    return angles;
}

std::string kapitza(double amplitude, double omega) {
    std::ostringstream s;
    s << ".config(25, 400, 300);\n"
      << "Bob : .pendulum theta = 3.0416 theta_d1 = 0 g = 9.81 l = 0.5 pivot = Shaker.P * 0.01;\n"
      << "Swing : .swing target = Bob;\n"
      << "Shaker : .bar P = [0,0] Q = [20,0];\n"
      << "@0  Shaker.P = [200, 150 + " << amplitude * 100 << " * cos(" << omega << " * T)];\n"
      << "    Shaker.Q = Shaker.P + [20, 0];\n"
      << "@3\n";
    return s.str();
}

// The driving parts of a script's first pendulum, read as the integrator reads them.
struct PivotParts {
    explicit PivotParts(const std::string& text)
        : script(compileText(text)), parts(*script, planFrames(*script), diagnostics) {
        REQUIRE(diagnostics.empty());
    }
    Value<Taylor> at(double T) {
        return parts.evaluate(*script->elements[0].pivot, MechanicsClock(*script, 0).at(T));
    }

    std::shared_ptr<const Script> script;
    Diagnostics diagnostics;
    DrivingParts parts;
};

// A pendulum hung from the slider of a crank of r = 50 turning at ω = 2 rad/s on a rod of
// L = 160, the slider on the left of the hub by `inequality`.
std::string leftSliderCrank(const char* inequality) {
    return std::string(
               ".config(25, 640, 360);\n"
               "Bob : .pendulum theta = 0.8 l = 1 pivot = Rod.A * 0.01;\n"
               "Swing : .swing target = Bob;\n"
               "Crank : .bar A = [0,0] B = [50,0];\n"
               "Conrod : .bar A = [0,0] B = [160,0];\n"
               "Rod : .bar A = [0,0] B = [0,-100];\n"
               "@0  Crank.A = [200,260]; Crank.B = Crank.A + [50,0].rotate(2 * T);\n"
               "    Conrod.A = Crank.B; Conrod.B = [x, 260]; ") +
           inequality +
           ";\n"
           "    Rod.A = Conrod.B; Rod.B = Rod.A + [0,-100].rotate(Bob.theta);\n"
           "@10\n";
}

// That slider's x = 200 + r cos θ − sqrt(L² − (r sin θ)²), θ = ω T, over 100 as the pivot reads
// it: value, rate and half acceleration.
Taylor leftSlider(double T) {
    TaylorSeries time(T);
    time.set(1, 1);
    const TaylorSeries angle = 2 * time.ofDegree(2);
    const TaylorSeries u = 50 * series(ScalarOp::Sin, angle);
    const TaylorSeries rod = series(ScalarOp::Sqrt, 160 * 160 - u * u);
    return ((200 + 50 * series(ScalarOp::Cos, angle) - rod) / 100).at(0);
}

}  // namespace

TEST_CASE("a pendulum on a shaken pivot follows an independent integration", "[mechanics][pivot]") {
    // The cart carries the pivot 0.3 sin(4T) m sideways (30 units at 100 units a metre).
    const auto script = compileText(
        ".config(25, 400, 300);\n"
        "Bob : .pendulum theta = 0.3 theta_d1 = 0 g = 9.81 l = 0.8 pivot = Cart.P * 0.01;\n"
        "Swing : .swing target = Bob;\n"
        "Cart : .bar P = [0,0] Q = [10,0];\n"
        "@0  Cart.P = [30 * sin(4 * T), 0]; Cart.Q = Cart.P + [10, 0];\n"
        "@4\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.diagnostics.empty());
    std::vector<double> times;
    for (const FrameSolution& frame : animation.frames) times.push_back(frame.time);
    const std::vector<double> expected = referenceAngles(
        0.3, 0, 0.8, [](double T) { return -0.3 * 16 * std::sin(4 * T); }, times);
    const std::vector<double> angles = anglesOf(animation);
    double worst = 0;
    for (size_t i = 0; i < angles.size(); ++i)
        worst = std::max(worst, std::abs(angles[i] - expected[i]));
    CHECK(worst < 1e-8);
    // The shake matters: a fixed pivot would be far off.
    const std::vector<double> still = referenceAngles(
        0.3, 0, 0.8, [](double) { return 0.0; }, times);
    CHECK(std::abs(angles.back() - still.back()) > 0.05);
    // Each frame says where the pendulum hangs.
    const FrameSolution& last = animation.frames.back();
    CHECK(last.pivots[0].x == Approx(0.3 * std::sin(4 * last.time)));
}

TEST_CASE("the pivot's part swings the same whatever the order of its constraints",
          "[mechanics][pivot]") {
    // Cart.Q first: its x is matched to the cart's angle, flat at angle 0, and the row that turns
    // the cart (its y) comes in a later block; the pivot's acceleration is exact all the same.
    auto swing = [](const char* constraints) {
        return anglesOf(solveAnimation(
            compileText(std::string(".config(25, 400, 300);\n"
                                    "Bob : .pendulum theta = 0.3 theta_d1 = 0 g = 9.81 l = 0.8 "
                                    "pivot = Cart.P * 0.01;\n"
                                    "Swing : .swing target = Bob;\n"
                                    "Cart : .bar P = [0,0] Q = [10,0];\n@0  ") +
                        constraints + "\n@2\n")));
    };
    const std::vector<double> placedFirst =
        swing("Cart.P = [30 * sin(4 * T), 0]; Cart.Q = Cart.P + [10, 0];");
    const std::vector<double> placedLast =
        swing("Cart.Q = Cart.P + [10, 0]; Cart.P = [30 * sin(4 * T), 0];");
    REQUIRE(placedLast.size() == placedFirst.size());
    for (size_t i = 0; i < placedFirst.size(); ++i) {
        INFO("frame " << i);
        REQUIRE(std::isfinite(placedLast[i]));
        CHECK(placedLast[i] == Approx(placedFirst[i]).margin(1e-9));
    }
}

TEST_CASE("a pivot that does not move changes nothing", "[mechanics][pivot]") {
    auto solve = [](const char* pivot) {
        std::ostringstream s;
        s << "Bob : .pendulum theta = 2.5 l = 1.3 " << pivot << ";\n"
          << "Swing : .swing target = Bob;\n"
          << "Beam : .bar A = [0,0] B = [80,0];\n"
          << "@0  Beam.A = [200,240]; Beam.B = Beam.A + [80,0];\n"
          << "@20\n";
        return anglesOf(solveAnimation(compileText(s.str())));
    };
    const std::vector<double> fixed = solve(""), hung = solve("pivot = Beam.B * 0.01");
    REQUIRE(fixed.size() == hung.size());
    for (size_t i = 0; i < fixed.size(); ++i) CHECK(hung[i] == Approx(fixed[i]).margin(1e-10));
}

TEST_CASE("a Kapitza pendulum stays up only while its pivot is shaken", "[mechanics][pivot]") {
    // l = 0.5 m, shaken by a = 0.05 m at ω = 200 rad/s: a²ω² = 100 > 2 g l = 9.81. Started 0.1 rad
    // off the upright (θ = π - 0.1).
    auto farthest = [](const Animation& animation) {
        double off = 0;
        for (const FrameSolution& frame : animation.frames)
            off = std::max(off, std::abs(frame.elements[0][0].x - M_PI));
        return off;
    };
    const Animation shaken = solveAnimation(compileText(kapitza(0.05, 200)));
    CHECK(shaken.diagnostics.empty());
    CHECK(farthest(shaken) < 0.2);
    const Animation still = solveAnimation(compileText(kapitza(0, 200)));
    CHECK(farthest(still) > 1);
}

TEST_CASE("between solves the pivot moves along the series of its parts, as a solve would give it",
          "[mechanics][pivot]") {
    // The pivot's series is taken from the implicit constraints, so the closed form, computed
    // with the series arithmetic, checks it.
    PivotParts parts(leftSliderCrank("x < Crank.A.x"));
    // As the integrator asks: forward, a few times a frame, now and then a little back.
    int asked = 0;
    for (double T = 0; T < 3; T += 0.007) {
        for (double dt : {0.0, 0.004, -0.002}) {
            INFO("T = " << T + dt);
            const Value<Taylor> p = parts.at(T + dt);
            const Taylor expected = leftSlider(T + dt);
            CHECK(p.x.v == Approx(expected.v).margin(1e-13));
            CHECK(p.x.rate() == Approx(expected.rate()).margin(1e-12));
            CHECK(p.x.acceleration() == Approx(expected.acceleration()).margin(1e-11));
            CHECK(p.y.v == Approx(2.6).epsilon(1e-15));
            ++asked;
        }
    }
    // Most of them read from the series of a solve before.
    CHECK(parts.parts.solves() < asked / 10);
}

TEST_CASE("an inequality on the slider alone picks the branch of the pivot's parts",
          "[mechanics][pivot]") {
    // `x < 180` reads no unknown the pivot reads, yet it picks the conrod's angle the pivot hangs
    // from: the parts keep it, and x's block with it, and move on the machine's branch.
    PivotParts parts(leftSliderCrank("x < 180"));
    for (double T = 0; T < 3; T += 0.1) {
        INFO("T = " << T);
        CHECK(parts.at(T).x.v == Approx(leftSlider(T).v).margin(1e-13));
    }
}

TEST_CASE("a shaken pivot read a millionth of a second away and then further keeps its series",
          "[mechanics][pivot]") {
    // The pivot's height is (150 + 5 cos 200T) / 100: at T = 0 every odd term of its series is 0,
    // so a series told how far it holds by its last term alone would hold forever at order 3.
    PivotParts parts(kapitza(0.05, 200));
    for (double T : {0.0, 1e-6, -1e-6, 0.001, 0.002, 0.003, 0.005, 0.008, 0.0121}) {
        INFO("T = " << T);
        const Value<Taylor> p = parts.at(T);
        CHECK(p.y.v == Approx(1.5 + 0.05 * std::cos(200 * T)).margin(1e-13));
        CHECK(p.y.rate() == Approx(-10 * std::sin(200 * T)).margin(1e-11));
        CHECK(p.y.acceleration() == Approx(-2000 * std::cos(200 * T)).margin(1e-8));
    }
}

TEST_CASE("a pivot whose parts have a kink is solved at every time, not followed past the kink",
          "[mechanics][pivot]") {
    // The pivot rises at 0.2 m/s until 0.5 s and then stands: a series taken before 0.5 s would
    // carry it on rising.
    PivotParts parts(
        "Bob : .pendulum theta = 0.3 l = 1 pivot = Lift.P * 0.01;\n"
        "Swing : .swing target = Bob;\n"
        "Lift : .bar P = [0,0] Q = [20,0];\n"
        "@0  Lift.P = [200, 150 + 20 * min(T, 0.5)]; Lift.Q = Lift.P + [20, 0];\n"
        "@2\n");
    for (double T : {0.45, 0.48, 0.5, 0.52, 0.55}) {
        INFO("T = " << T);
        const Value<Taylor> p = parts.at(T);
        CHECK(p.y.v == Approx(1.5 + 0.2 * std::min(T, 0.5)).margin(1e-13));
    }
    CHECK(parts.parts.solves() == 5);
}

TEST_CASE("a pivot read from a thing the same pendulum places is a loop", "[mechanics][pivot]") {
    const auto script = compileText(
        "Bob : .pendulum theta = 0.3 pivot = Rod.B * 0.01;\n"
        "Swing : .swing target = Bob;\n"
        "Rod : .bar A = [0,0] B = [0,-100];\n"
        "@0  Rod.A = [200, 200];\n"
        "    Rod.B = Rod.A + [0,-100].rotate(Bob.theta);\n"
        "@2\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.diagnostics.size() >= 2);
    const Diagnostic& error = animation.diagnostics[0];
    CHECK(error.severity == Severity::Error);
    CHECK(error.kind == DiagnosticKind::Mechanics);
    CHECK(script->source->location(error.range.begin).line == 1);
    CHECK(script->source->location(error.range.begin).column == 37);
    const Diagnostic& note = animation.diagnostics[1];
    CHECK(note.severity == Severity::Note);
    CHECK(script->source->location(note.range.begin).line == 5);
    // The pendulum swings from a fixed pivot instead, as without one.
    const double expected =
        referenceAngles(0.3, 0, 1, [](double) { return 0.0; }, {animation.frames.back().time})[0];
    CHECK(animation.frames.back().elements[0][0].x == Approx(expected).margin(1e-8));
}
