// Walls the machine moves (docs/reference.md#walls): a guard that reads anchors and time. A ball
// resting on a platform that rises at constant speed rides it exactly, and leaves one that pulls
// away faster than gravity; a ball on a sinusoidal paddle follows an event-by-event reference
// written here (each contact root-found on the exact flight, the relative normal velocity reversed
// and scaled by e); a guard that reads a thing placed from its own ball is a loop.

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

#include "script_text.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kG = 9.81;

// A ball above a platform whose height in metres is `height` (an expression of T); 100 units a
// metre.
std::string onPlatform(const char* height, double y0, double v0, double restitution, double end) {
    std::ostringstream s;
    s << ".config(25, 400, 300);\n"
      << "Ball : .point x = [0, " << y0 << "] x_d1 = [0, " << v0 << "];\n"
      << "Fall : .gravity target = Ball g = [0, -9.81];\n"
      << "Floor : .reflection target = Ball guard = Ball.x.y - Platform.P.y * 0.01 direction = -1"
      << " restitution = " << restitution << ";\n"
      << "Platform : .bar P = [0,0] Q = [100,0];\n"
      << "@0  Platform.P = [0, 100 * (" << height << ")]; Platform.Q = Platform.P + [100, 0];\n"
      << "@" << end << "\n";
    return s.str();
}

double ballY(const FrameSolution& frame) {
    return frame.elements[0][0].y;
}

// The paddle y = A sin(ωT) and a ball dropped onto it, contact by contact.
struct PaddleReference {
    double amplitude, omega, restitution;
    double y, v, t0 = 0;  // the flight that started at t0

    double paddle(double T) const { return amplitude * std::sin(omega * T); }
    double paddleRate(double T) const { return amplitude * omega * std::cos(omega * T); }
    double flight(double T) const { return y + v * (T - t0) - kG / 2 * (T - t0) * (T - t0); }
    double gap(double T) const { return flight(T) - paddle(T); }

    // The ball's height at T, bouncing at every contact before it.
    double at(double T) {
        for (;;) {
            const double contact = nextContact(T);
            if (contact > T) return flight(T);
            const double rate = v - kG * (contact - t0);
            const double relative = rate - paddleRate(contact);
            y = paddle(contact);
            v = paddleRate(contact) - restitution * relative;
            t0 = contact;
        }
    }

    // The first time after t0 (up to `until`, or past it) the gap closes from above.
    double nextContact(double until) const {
        const double step = 1e-4;
        double a = t0 + 1e-9;
        for (double b = a + step; a < until; a = b, b += step) {
            if (gap(b) > 0) continue;
            for (int i = 0; i < 200 && b - a > 1e-15; ++i) {
                const double middle = 0.5 * (a + b);
                (gap(middle) > 0 ? a : b) = middle;
            }
            return b;
        }
        return until + 1;
    }
};

}  // namespace

TEST_CASE("a ball resting on a rising platform rides it exactly", "[mechanics][wall]") {
    const Animation animation =
        solveAnimation(compileText(onPlatform("1 + 0.5 * T", 1, 0.5, 0.5, 3)));
    REQUIRE(animation.diagnostics.empty());
    for (const FrameSolution& frame : animation.frames) {
        INFO("T = " << frame.time);
        CHECK(ballY(frame) == Approx(1 + 0.5 * frame.time).margin(1e-9));
        CHECK(frame.elements[0][1].y == Approx(0.5).margin(1e-9));
    }
}

TEST_CASE("a ball leaves a platform that pulls away faster than it falls", "[mechanics][wall]") {
    // The platform decelerates at 20 m/s², more than g: the ball flies free from the start.
    const Animation animation =
        solveAnimation(compileText(onPlatform("1 + 2 * T - 10 * T * T", 1, 2, 0.5, 0.2)));
    REQUIRE(animation.diagnostics.empty());
    for (const FrameSolution& frame : animation.frames) {
        const double T = frame.time;
        INFO("T = " << T);
        CHECK(ballY(frame) == Approx(1 + 2 * T - kG / 2 * T * T).margin(1e-9));
    }
}

TEST_CASE("a ball on a sinusoidal paddle follows the event-by-event reference",
          "[mechanics][wall]") {
    const auto script = compileText(
        ".config(25, 400, 300);\n"
        "Ball : .point x = [0, 0.5];\n"
        "Fall : .gravity target = Ball g = [0, -9.81];\n"
        "Hit : .reflection target = Ball guard = Ball.x.y - Paddle.A.y * 0.01 direction = -1"
        " restitution = 0.8;\n"
        "Paddle : .bar A = [0,0] B = [100,0];\n"
        "@0  Paddle.A = [0, 5 * sin(8 * T)]; Paddle.B = Paddle.A + [100, 0];\n"
        "@2\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.diagnostics.empty());
    PaddleReference reference{0.05, 8, 0.8, 0.5, 0};
    double worst = 0;
    int bounces = 0;
    double lastV = 0;
    for (const FrameSolution& frame : animation.frames) {
        worst = std::max(worst, std::abs(ballY(frame) - reference.at(frame.time)));
        if (reference.v != lastV) ++bounces;
        lastV = reference.v;
    }
    CHECK(bounces >= 3);
    CHECK(worst < 1e-6);
}

TEST_CASE("a guard that reads a thing placed from its ball is a loop", "[mechanics][wall]") {
    const auto script = compileText(
        "Ball : .point x = [0, 1];\n"
        "Fall : .gravity target = Ball;\n"
        "Wall : .reflection target = Ball guard = Ball.x.y - Dot.A.y direction = -1;\n"
        "Dot : .bar A = [0,0] B = [1,0];\n"
        "@0  Dot.A = Ball.x; Dot.B = Dot.A + [1,0];\n"
        "@1\n");
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.diagnostics.size() >= 2);
    CHECK(animation.diagnostics[0].severity == Severity::Error);
    CHECK(script->source->location(animation.diagnostics[0].range.begin).line == 3);
    CHECK(script->source->location(animation.diagnostics[1].range.begin).line == 5);
}
