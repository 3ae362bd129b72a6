// Forces and torques from the exact accelerations (docs/mechanics.md, "Forces"), against what a
// textbook gives: a bar driven about a pin, a slider-crank's input torque in closed form and
// Norton's series, the energy the drives feed in, and Newton's laws at every frame.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "script_text.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double pi = std::numbers::pi;

const ConstraintLoad& loadNamed(const Script& script, const FrameSolution& frame,
                                const std::string& key) {
    REQUIRE(frame.forces);
    for (const ConstraintLoad& load : frame.forces->constraints)
        if (script.constraints[load.constraint].key == key) return load;
    FAIL("no active constraint with key " << key);
    throw;
}

// The load a constraint puts on one thing.
const ThingLoad& on(const Script& script, const ConstraintLoad& load, const char* thing) {
    const ThingId id{uint32_t(script.thingIndex(thing))};
    for (const ThingLoad& l : load.on)
        if (l.thing == id) return l;
    FAIL("the constraint does not load " << thing);
    throw;
}

// How many of the run's diagnostics are `id`.
long timesSaid(const Animation& animation, DiagnosticId id) {
    return std::count_if(animation.diagnostics.begin(), animation.diagnostics.end(),
                         [&](const Diagnostic& d) { return d.id == id; });
}

// A uniform bar P→Q of `length` canvas units pinned at P = [300, 200] and turned by `motor`.
std::string pinnedBar(const std::string& gravity, const std::string& motor, double mass) {
    return ".config(100, 800, 400);\n" + gravity +
           "Bar : .bar P = [0,0] Q = [400,0];\n"
           "BarMass : .mass target = Bar m = " +
           std::to_string(mass) +
           ";\n"
           "@0 pin: Bar.P = [300, 200];\n"
           "   motor: Bar.Q = Bar.P + " +
           motor + ";\n@1\n";
}

}  // namespace

TEST_CASE("a level bar held by its motor needs m g L/2, its pin carries the weight", "[forces]") {
    const auto script =
        compileText(pinnedBar("Earth : .gravity g = [0, -9.81] scale = 1000;\n", "[400, 0]", 2));
    const Animation animation = solveAnimation(script);
    const double weight = 2 * 9.81, half = 0.2;  // L = 0.4 m
    for (const FrameSolution& frame : animation.frames) {
        const ConstraintLoad& motor = loadNamed(*script, frame, "motor");
        CHECK_FALSE(motor.drive);
        CHECK(motor.power == 0);
        const ThingLoad& couple = on(*script, motor, "Bar");
        CHECK(couple.torque == Approx(weight * half).epsilon(1e-12));
        CHECK(std::abs(couple.force.x) < 1e-9);
        CHECK(std::abs(couple.force.y) < 1e-9);
        const ThingLoad& pin = on(*script, loadNamed(*script, frame, "pin"), "Bar");
        CHECK(std::abs(pin.force.x) < 1e-9);
        CHECK(pin.force.y == Approx(weight).epsilon(1e-12));
        CHECK(std::abs(pin.torque) < 1e-9);  // about P, where it acts
        CHECK(frame.forces->unheld.empty());
    }
}

TEST_CASE("a bar turned at constant speed in gravity: τ = m g (L/2) cos φ, pin m(a_G − g)",
          "[forces]") {
    const double omega = pi / 2;  // 90° a second
    const auto script = compileText(pinnedBar("Earth : .gravity g = [0, -9.81] scale = 1000;\n",
                                              "[400, 0].rotate(90° * T)", 3));
    const Animation animation = solveAnimation(script);
    const double m = 3, g = 9.81, half = 0.2;
    REQUIRE(animation.frames.size() > 50);
    for (const FrameSolution& frame : animation.frames) {
        const double phi = omega * frame.time;
        const ConstraintLoad& motor = loadNamed(*script, frame, "motor");
        CHECK(motor.drive);
        CHECK(on(*script, motor, "Bar").torque ==
              Approx(m * g * half * std::cos(phi)).margin(1e-9));
        // The centre turns on a circle: a_G = −ω² (L/2) e_r.
        const Vec2 radial{std::cos(phi), std::sin(phi)};
        const Vec2 centreAcceleration = radial * (-omega * omega * half);
        const ThingLoad& pin = on(*script, loadNamed(*script, frame, "pin"), "Bar");
        CHECK(pin.force.x == Approx(m * centreAcceleration.x).margin(1e-9));
        CHECK(pin.force.y == Approx(m * (centreAcceleration.y + g)).margin(1e-9));
        // The motor feeds in what gravity takes: τ ω.
        CHECK(motor.power == Approx(m * g * half * std::cos(phi) * omega).margin(1e-9));
    }
}

TEST_CASE("a bar started from rest without gravity: τ = m L² α / 3", "[forces]") {
    const double alpha = 2;  // rad/s², φ = α T²/2
    const auto script = compileText(pinnedBar("", "[400, 0].rotate(T * T)", 1.5));
    const Animation animation = solveAnimation(script);
    const double m = 1.5, length = 4;  // 400 canvas units at the default 100 a metre
    for (const FrameSolution& frame : animation.frames) {
        const ConstraintLoad& motor = loadNamed(*script, frame, "motor");
        CHECK(on(*script, motor, "Bar").torque ==
              Approx(m * length * length * alpha / 3).epsilon(1e-10));
        CHECK(frame.forces->potential == 0);
        const double omega = alpha * frame.time;
        CHECK(frame.forces->kinetic ==
              Approx(m * length * length / 3 * omega * omega / 2).margin(1e-12));
    }
}

namespace {

// The slider-crank (r = 50 mm, l = 200 mm), canvas units millimetres, with the masses
// given.
std::string sliderCrank(const std::string& masses, const std::string& gravity,
                        const std::string& drive = "1800° * T") {
    return ".config(100, 480, 240);\n" + gravity +
           "Crank  : .bar O = [0,0] A = [50,0];\n"
           "Rod    : .bar A = [0,0] B = [200,0];\n"
           "Slider : .bar L = [-25,0] B = [0,0] R = [25,0];\n" +
           masses +
           "@0  Crank.O = [100, 120];\n"
           "    motor: Crank.A = Crank.O + [50,0].rotate(" +
           drive +
           ");\n"
           "    Rod.A = Crank.A; Slider.B = [x, 120]; x > Crank.O.x;\n"
           "    Rod.B = Slider.B; Slider.R = Slider.B + [25,0];\n"
           "@0.2\n";
}

// The torque the motor puts on the crank.
double motorTorque(const Script& script, const FrameSolution& frame) {
    return on(script, loadNamed(script, frame, "motor"), "Crank").torque;
}

// Norton's lumped inertia torque of a slider of mass m (Design of Machinery), q = r/l:
// T_i ≈ (m r² ω²/2)[(q/2) sin θ − sin 2θ − (3q/2) sin 3θ], which the motor must cancel.
double nortonTorque(double m, double r, double q, double omega, double theta) {
    return m * r * r * omega * omega / 2 *
           (q / 2 * std::sin(theta) - std::sin(2 * theta) - 1.5 * q * std::sin(3 * theta));
}

const char* kExampleMasses =
    "CrankMass  : .mass target = Crank m = 0.2 J = 1.5e-4 at = Crank.O;\n"
    "RodMass    : .mass target = Rod m = 0.3;\n"
    "SliderMass : .mass target = Slider m = 0.5;\n";

}  // namespace

TEST_CASE("a slider-crank's input torque is m ω² x′(θ) x″(θ) with only the slider massive",
          "[forces][slider-crank]") {
    const auto script = compileText(sliderCrank("SliderMass : .mass target = Slider m = 0.5;\n",
                                                "Earth : .gravity g = [0, 0] scale = 1000;\n"));
    const Animation animation = solveAnimation(script);
    const double m = 0.5, r = 0.05, l = 0.2, omega = 10 * pi;
    auto torque = [&](double theta) {
        const double s = std::sin(theta), c = std::cos(theta);
        const double root = std::sqrt(l * l - r * r * s * s);
        const double first = -r * s - r * r * s * c / root;
        const double second = -r * c - r * r * (c * c - s * s) / root -
                              std::pow(r, 4) * s * s * c * c / std::pow(root, 3);
        return m * omega * omega * first * second;
    };
    double peak = 0;
    for (int i = 0; i < 3600; ++i) peak = std::max(peak, std::abs(torque(i * pi / 1800)));
    REQUIRE(animation.frames.size() == 21);
    for (const FrameSolution& frame : animation.frames) {
        const double theta = omega * frame.time;
        CHECK(motorTorque(*script, frame) == Approx(torque(theta)).margin(1e-9 * peak));
        // Norton's series is off by 3.1 % of the peak at r/l = 1/4.
        CHECK(motorTorque(*script, frame) ==
              Approx(-nortonTorque(m, r, r / l, omega, theta)).margin(0.04 * peak));
    }
}

TEST_CASE("Norton's series within 1 % of the peak where it is accurate, r/l = 0.1",
          "[forces][slider-crank]") {
    // l = 500 mm for the same crank: the rod's anchors and the guide move apart.
    std::string text = sliderCrank("SliderMass : .mass target = Slider m = 0.5;\n",
                                   "Earth : .gravity g = [0, 0] scale = 1000;\n");
    text.replace(text.find("B = [200,0]"), 11, "B = [500,0]");
    const auto script = compileText(text);
    const Animation animation = solveAnimation(script);
    const double m = 0.5, r = 0.05, q = 0.1, omega = 10 * pi;
    double peak = 0;
    for (const FrameSolution& frame : animation.frames)
        peak = std::max(peak, std::abs(motorTorque(*script, frame)));
    REQUIRE(peak > 0);
    // Its own error is 0.49 % of the peak at r/l = 0.1.
    for (const FrameSolution& frame : animation.frames)
        CHECK(motorTorque(*script, frame) ==
              Approx(-nortonTorque(m, r, q, omega, omega * frame.time)).margin(0.01 * peak));
}

TEST_CASE("the example's motor torque: m_rod g r/2 at θ = 0 and a mean of 0 over a turn",
          "[forces][slider-crank]") {
    const auto script =
        compileText(sliderCrank(kExampleMasses, "Earth : .gravity g = [0, -9.81] scale = 1000;\n"));
    const Animation animation = solveAnimation(script);
    const double first = motorTorque(*script, animation.frames[0]);
    CHECK(first == Approx(0.3 * 9.81 * 0.05 / 2).epsilon(1e-9));
    // One turn is 20 frames at 100 fps: the mean of a periodic torque over them is exact to the
    // trapezoid's spectral accuracy.
    double sum = 0, largest = 0;
    for (size_t i = 0; i < 20; ++i) {
        const double torque = motorTorque(*script, animation.frames[i]);
        sum += torque;
        largest = std::max(largest, std::abs(torque));
    }
    CHECK(std::abs(sum / 20) < 1e-9 * largest);
    CHECK(largest == Approx(1.129).epsilon(0.01));
}

namespace {

// What the machine's energy does between frames by a fourth-order central difference.
double energyRate(const std::vector<double>& energy, size_t i, double h) {
    return (energy[i - 2] - 8 * energy[i - 1] + 8 * energy[i + 1] - energy[i + 2]) / (12 * h);
}

}  // namespace

TEST_CASE("the drives feed in what the machine's energy gains, and nothing over a turn",
          "[forces][energy]") {
    std::string text =
        sliderCrank(kExampleMasses, "Earth : .gravity g = [0, -9.81] scale = 1000;\n",
                    "1800° * T + 900° * T * T");
    text.replace(text.find(".config(100,"), 12, ".config(2000,");
    const auto script = compileText(text);
    const Animation animation = solveAnimation(script);
    std::vector<double> energy, power;
    for (const FrameSolution& frame : animation.frames) {
        REQUIRE(frame.forces);
        energy.push_back(frame.forces->kinetic + frame.forces->potential);
        double drives = 0;
        for (const ConstraintLoad& load : frame.forces->constraints) {
            if (!load.drive) CHECK(load.power == 0);
            drives += load.power;
        }
        power.push_back(drives);
    }
    double peak = 0;
    for (const double p : power) peak = std::max(peak, std::abs(p));
    const double h = 1.0 / 2000;
    for (size_t i = 2; i + 2 < energy.size(); ++i)
        CHECK(power[i] == Approx(energyRate(energy, i, h)).margin(1e-5 * peak));
}

TEST_CASE(
    "every frame: the ground's reactions and gravity move the centres, pins are equal and "
    "opposite",
    "[forces][newton]") {
    const auto script =
        compileText(sliderCrank(kExampleMasses, "Earth : .gravity g = [0, -9.81] scale = 1000;\n"));
    const Animation animation = solveAnimation(script);
    const double metres = 1.0 / 1000;
    for (const FrameSolution& frame : animation.frames) {
        REQUIRE(frame.forces);
        // Σ of every constraint's force on every thing: the pins' cancel, the ground's remain.
        Vec2 reactions{0, 0};
        for (const ConstraintLoad& load : frame.forces->constraints)
            for (const ThingLoad& l : load.on) reactions = reactions + l.force;
        Vec2 momentumRate{0, 0};
        double totalMass = 0;
        for (const Mass& mass : script->masses) {
            const Pose& pose = frame.poses[mass.target];
            momentumRate = momentumRate +
                           anchorAcceleration(pose, frame.poseVelocities[mass.target],
                                              frame.poseAccelerations[mass.target], mass.centre) *
                               (mass.mass * metres);
            totalMass += mass.mass;
        }
        const Vec2 net = reactions + Vec2{0, -9.81} * totalMass;
        CHECK(net.x == Approx(momentumRate.x).margin(1e-9));
        CHECK(net.y == Approx(momentumRate.y).margin(1e-9));
        for (const ConstraintLoad& load : frame.forces->constraints) {
            const Constraint& c = script->constraints[load.constraint];
            if (c.key != "Rod.A" && c.key != "Rod.B") continue;
            REQUIRE(load.on.size() == 2);
            CHECK(load.on[0].force.x == Approx(-load.on[1].force.x).margin(1e-12));
            CHECK(load.on[0].force.y == Approx(-load.on[1].force.y).margin(1e-12));
            CHECK(std::abs(load.on[0].torque) < 1e-12);
            CHECK(std::abs(load.on[1].torque) < 1e-12);
            CHECK(load.power == 0);
        }
    }
}

TEST_CASE("two pins under a level bar carry m g/2 each and nothing sideways",
          "[forces][redundant]") {
    const auto script = compileText(
        ".config(10, 800, 400);\n"
        "Earth : .gravity g = [0, -9.81] scale = 100;\n"
        "Bar : .bar A = [0,0] B = [200,0];\n"
        "BarMass : .mass target = Bar m = 4;\n"
        "@0 Bar.A = [100, 100]; Bar.B = [300, 100];\n@1\n");
    const Animation animation = solveAnimation(script);
    for (const FrameSolution& frame : animation.frames) {
        for (const char* key : {"Bar.A", "Bar.B"}) {
            const ThingLoad& pin = on(*script, loadNamed(*script, frame, key), "Bar");
            CHECK(std::abs(pin.force.x) < 1e-12);
            CHECK(pin.force.y == Approx(4 * 9.81 / 2).epsilon(1e-12));
        }
        REQUIRE(frame.forces->indeterminate.size() == 1);
        CHECK(frame.forces->indeterminate[0].size() == 2);
    }
    // Said once for the run, naming both pins.
    CHECK(timesSaid(animation, DiagnosticId::StaticallyIndeterminate) == 1);
}

TEST_CASE("a bar free to turn about its pin: gravity's torque about the pin is unheld",
          "[forces][unheld]") {
    const auto script = compileText(
        ".config(10, 800, 400);\n"
        "Earth : .gravity g = [0, -9.81] scale = 100;\n"
        "Bar : .bar P = [0,0] Q = [200,0];\n"
        "BarMass : .mass target = Bar m = 4;\n"
        "@0 Bar.P = [100, 100];\n@1\n");
    const Animation animation = solveAnimation(script);
    for (const FrameSolution& frame : animation.frames) {
        REQUIRE(frame.forces);
        REQUIRE(frame.forces->unheld.size() == 1);
        // The weight, 4 × 9.81 N, one metre from the pin: clockwise.
        CHECK(frame.forces->unheld[0].torque == Approx(-4 * 9.81 * 1).epsilon(1e-9));
    }
    CHECK(timesSaid(animation, DiagnosticId::LoadUnheld) == 1);
}

TEST_CASE("a failed frame has no forces", "[forces]") {
    const auto script = compileText(
        ".config(10, 800, 400);\n"
        "Bar : .bar P = [0,0] Q = [200,0];\n"
        "BarMass : .mass target = Bar m = 1;\n"
        "@0 Bar.P = [100, 100]; Bar.Q = [100 + 300 * t, 100];\n@1\n");
    const Animation animation = solveAnimation(script);
    bool sawFailed = false;
    for (const FrameSolution& frame : animation.frames) {
        if (frame.failed) {
            sawFailed = true;
            CHECK_FALSE(frame.forces);
        }
    }
    CHECK(sawFailed);
}

TEST_CASE("a pendulum hung from an anchor pulls its thing with m (g − a_bob)",
          "[forces][pendulum]") {
    // The bob swings on a 1 m rod (theta 0.5 rad at rest), its pivot the shaker's P held by a pin.
    const auto script = compileText(
        ".config(20, 600, 400);\n"
        "Earth : .gravity g = [0, -9.81] scale = 100;\n"
        "Bob : .pendulum theta = 0.5 theta_d1 = 0 m = 0.5 l = 1 pivot = Shaker.P * 0.01;\n"
        "Swing : .swing target = Bob;\n"
        "Shaker : .bar L = [-30,0] P = [0,0] R = [30,0];\n"
        "ShakerMass : .mass target = Shaker m = 2;\n"
        "@0 pin: Shaker.P = [300, 200]; level: Shaker.R = Shaker.P + [30,0];\n@2\n");
    const Animation animation = solveAnimation(script);
    const double g = 9.81, m = 0.5, l = 1;
    REQUIRE(animation.frames.size() == 41);
    for (const FrameSolution& frame : animation.frames) {
        const double theta = frame.elements[0][0].x, rate = frame.elements[0][1].x;
        // The bob on its circle: θ'' = −(g/l) sin θ, so a_bob = l θ'' (cos, sin) + l θ'² (−sin,
        // cos).
        const double turn = -g / l * std::sin(theta);
        const Vec2 bob = Vec2{std::cos(theta), std::sin(theta)} * (l * turn) +
                         Vec2{-std::sin(theta), std::cos(theta)} * (l * rate * rate);
        const Vec2 pull = (Vec2{0, -g} - bob) * m;
        const ThingLoad& pin = on(*script, loadNamed(*script, frame, "pin"), "Shaker");
        CHECK(pin.force.x == Approx(-pull.x).margin(1e-9));
        CHECK(pin.force.y == Approx(2 * g - pull.y).margin(1e-9));
    }
    // At rest the pin carries both weights.
    const auto still = compileText(
        ".config(10, 600, 400);\n"
        "Earth : .gravity g = [0, -9.81] scale = 100;\n"
        "Bob : .pendulum theta = 0 theta_d1 = 0 m = 0.5 pivot = Shaker.P * 0.01;\n"
        "Swing : .swing target = Bob;\n"
        "Shaker : .bar L = [-30,0] P = [0,0] R = [30,0];\n"
        "ShakerMass : .mass target = Shaker m = 2;\n"
        "@0 pin: Shaker.P = [300, 200]; level: Shaker.R = Shaker.P + [30,0];\n@1\n");
    for (const FrameSolution& frame : solveAnimation(still).frames)
        CHECK(on(*still, loadNamed(*still, frame, "pin"), "Shaker").force.y ==
              Approx(2.5 * g).epsilon(1e-12));
}
