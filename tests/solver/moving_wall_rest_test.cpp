// Coming to rest on a wall the machine moves (docs/reference.md#walls): in the frame of a platform
// that moves at constant speed or accelerates uniformly, a released ball is a ball bouncing on a
// still floor under g plus the platform's acceleration, whose answer is exact: parabolas, relative
// speeds falling by e at each bounce, rest at the Zeno time. After it the ball rides the platform;
// a platform that drops faster than g leaves it behind. A sweep of drops onto moving walls checks
// the promise behind all of it: in no frame is the ball below the wall by more than 1e-9.

#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>
#include <string>

#include "core/model/frame_plan.h"
#include "script_text.h"
#include "solver/mechanics/simulate_mechanics.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

constexpr double kG = 9.81;

// A ball bouncing on a still floor from height h0 at speed u (up positive) under gravity g with
// restitution e < 1, exactly: the bounces' flight times form a geometric series that ends at the
// Zeno time, after which the ball rests.
struct FloorBounce {
    double h0, u, g, e;

    double impactSpeed() const { return std::sqrt(u * u + 2 * g * h0); }
    double firstImpact() const { return (u + impactSpeed()) / g; }
    double zenoTime() const { return firstImpact() + 2 * e * impactSpeed() / (g * (1 - e)); }

    // Height and upward speed at time t.
    std::pair<double, double> at(double t) const {
        if (t < firstImpact()) return {h0 + u * t - g * t * t / 2, u - g * t};
        if (t >= zenoTime()) return {0, 0};
        double start = firstImpact(), speed = e * impactSpeed();
        while (t > start + 2 * speed / g) {
            start += 2 * speed / g;
            speed *= e;
        }
        const double tau = t - start;
        return {speed * tau - g * tau * tau / 2, speed - g * tau};
    }
};

// A ball at rest at height y0 above a platform at wall(T) = rate T + acceleration T²/2 (metres,
// 100 canvas units a metre), from marker 0 to `end`; `later` is appended after the first marker.
std::string releasedOnPlatform(double y0, const std::string& wall, double restitution, double end,
                               const std::string& later = "") {
    std::ostringstream s;
    s << ".config(25, 400, 300);\n"
      << "Ball : .point x = [0, " << y0 << "];\n"
      << "Fall : .gravity target = Ball g = [0, -9.81];\n"
      << "Floor : .reflection target = Ball guard = Ball.x.y - Plat.A.y * 0.01 direction = -1"
      << " restitution = " << restitution << ";\n"
      << "Plat : .bar A = [0,0] B = [100,0];\n"
      << "@0  Plat.A = [0, 100 * (" << wall << ")]; Plat.B = Plat.A + [100, 0];\n"
      << later << "@" << end << "\n";
    return s.str();
}

double ballY(const MechanicsResult& result, size_t frame) {
    return result.frames[frame][0][0].y;
}
double ballRate(const MechanicsResult& result, size_t frame) {
    return result.frames[frame][0][1].y;
}

}  // namespace

TEST_CASE("a ball released above a moving platform bounces as on a still floor, then rides it",
          "[mechanics][wall][rest]") {
    // The issue's example (rising at 0.5 m/s), and the same platform accelerating at 2 m/s².
    const double acceleration = GENERATE(0.0, 2.0);
    const double rate = 0.5, y0 = 0.5, e = 0.5;
    std::ostringstream wall;
    wall << rate << " * T + " << acceleration / 2 << " * T * T";
    const auto script = compileText(releasedOnPlatform(y0, wall.str(), e, 4));
    const FramePlan plan = planFrames(*script);
    const MechanicsResult result = simulateMechanics(*script, plan);
    REQUIRE(result.diagnostics.empty());
    const FloorBounce relative{y0, -rate, kG + acceleration, e};
    REQUIRE(relative.zenoTime() < 2);
    CHECK(result.leaks == 0);
    for (size_t f = 0; f < plan.frames.size(); ++f) {
        const double T = plan.frames[f].time;
        const auto [height, speed] = relative.at(T);
        INFO("T = " << T << ", Zeno time " << relative.zenoTime());
        CHECK(ballY(result, f) ==
              Approx(rate * T + acceleration / 2 * T * T + height).margin(1e-6));
        CHECK(ballRate(result, f) == Approx(rate + acceleration * T + speed).margin(1e-6));
    }
}

TEST_CASE("a ball resting on a platform that drops faster than g leaves it",
          "[mechanics][wall][rest]") {
    // Rising at 0.5 m/s until the ball rests, then from T = 2 falling away at 20 m/s².
    const auto script = compileText(releasedOnPlatform(
        0.5, "0.5 * T", 0.5, 2.6, "@2  Plat.A = [0, 100 * (1 + 0.5 * t - 10 * t * t)];\n"));
    const FramePlan plan = planFrames(*script);
    const MechanicsResult result = simulateMechanics(*script, plan);
    REQUIRE(result.diagnostics.empty());
    for (size_t f = 0; f < plan.frames.size(); ++f) {
        const double T = plan.frames[f].time, t = T - 2;
        INFO("T = " << T);
        if (T < 2) continue;
        CHECK(ballY(result, f) == Approx(1 + 0.5 * t - kG / 2 * t * t).margin(1e-6));
        CHECK(ballRate(result, f) == Approx(0.5 - kG * t).margin(1e-6));
    }
}

TEST_CASE("no drop onto a moving wall ends a frame below it", "[mechanics][wall][rest]") {
    // Speeds, accelerations and a shaking paddle; restitutions from dead to elastic; heights from
    // touching to a metre; frame rates from coarse to fine. Each wall is a height in metres.
    struct MovingWall {
        const char* text;
        double (*height)(double T);
    };
    const MovingWall walls[] = {
        {"0.5 * T", [](double T) { return 0.5 * T; }},
        {"-0.3 * T", [](double T) { return -0.3 * T; }},
        {"1.5 * T - 0.4 * T * T", [](double T) { return 1.5 * T - 0.4 * T * T; }},
        {"0.05 * sin(8 * T)", [](double T) { return 0.05 * std::sin(8 * T); }},
        {"0.2 * sin(3 * T) + 0.3 * T", [](double T) { return 0.2 * std::sin(3 * T) + 0.3 * T; }}};
    const double restitutions[] = {0, 0.3, 0.8, 1};
    const double heights[] = {1e-3, 0.4, 1};
    const int rates[] = {10, 25, 60};
    int cases = 0;
    for (const MovingWall& wall : walls) {
        for (const double e : restitutions) {
            const double y0 = heights[cases % 3];
            const int fps = rates[(cases / 3) % 3];
            ++cases;
            std::string text = releasedOnPlatform(y0, wall.text, e, 3);
            text.replace(text.find("25"), 2, std::to_string(fps));
            const auto script = compileText(text);
            const FramePlan plan = planFrames(*script);
            const MechanicsResult result = simulateMechanics(*script, plan);
            INFO("wall " << wall.text << ", e = " << e << ", y0 = " << y0 << ", " << fps << " fps");
            REQUIRE(result.diagnostics.empty());
            double lowest = HUGE_VAL;
            for (size_t f = 0; f < plan.frames.size(); ++f) {
                const double T = plan.frames[f].time;
                lowest = std::min(lowest, ballY(result, f) - wall.height(T));
            }
            CHECK(lowest >= -1e-9);
            CHECK(result.leaks == 0);
        }
    }
    CHECK(cases == 20);
}
