// angle(v), angle(v, w) and v.angle turn with the machine (docs/language.md, "Angles"): from the
// first frame on each frame takes the value nearest the frame before's, across markers too, so a
// gear pair written as a ratio of angles runs without a jump; atan2 stays wrapped. Every value is
// checked against its closed form.

#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <string>

#include "script_text.h"

using namespace mv;
using mv::kinematics_test::anchorAt;
using mv::kinematics_test::compileText;

namespace {

constexpr double pi = std::numbers::pi;
// Newton works down to the rounding of the coordinates (solver_constants.h, kExact): an angle is
// right to 1e-11, and a rack's position, 40 times an angle of up to 30 radians, to 1e-10.
constexpr double kAngle = 1e-11, kPosition = 1e-10, kRate = 1e-9;

// Within `margin` of `value`, absolutely (Approx alone also allows a relative 1e-5).
Approx near(double value, double margin) {
    return Approx(value).epsilon(0).margin(margin);
}

double poseAngle(const Script& script, const FrameSolution& frame, const char* thing) {
    return frame.poses[size_t(script.thingIndex(thing))].angle;
}

double variable(const Script& script, const FrameSolution& frame, const char* name) {
    return frame.variables[size_t(script.variableIndex(name))].x;
}

// G1 turns 540° a second for `seconds`; `more` adds things and constraints read from it.
std::string driven(const std::string& things, const std::string& more, int seconds = 2) {
    return ".config(25, 640, 360);\n"
           "G1 : .bar P = [0,0] Q = [40,0];\n" +
           things + "@0 G1.P = [100,100]; G1.Q = G1.P + [40,0].rotate(540° * T);\n" + more + "@" +
           std::to_string(seconds) + "\n";
}

}  // namespace

TEST_CASE("a 2:1 gear pair written with angle() turns on without a jump", "[solver][angles]") {
    // With the angle wrapped to (−π, π], G2 jumped by 180° each time G1 passed ±180° and those
    // frames failed ("cannot hold, off by 160").
    const auto script = compileText(driven(
        "G2 : .bar P = [0,0] Q = [80,0];\n",
        "   G2.P = G1.P + [120,0]; G2.Q = G2.P + [80,0].rotate(-angle(G1.Q - G1.P) / 2);\n"));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 51);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double turned = 3 * pi * frame.time;  // G1's angle: three turns in two seconds
        CHECK(poseAngle(*script, frame, "G1") == near(turned, kAngle));
        CHECK(poseAngle(*script, frame, "G2") == near(-turned / 2, kAngle));
        CHECK(frame.poseVelocities[size_t(script->thingIndex("G2"))].angle ==
              near(-1.5 * pi, kRate));
    }
}

TEST_CASE("a rack read from an angle follows it without a jump of 2πr", "[solver][angles]") {
    const auto script = compileText(
        driven("Rack : .bar P = [0,0] E = [200,0];\n",
               "   Rack.P = [300 - 40 * angle(G1.Q - G1.P), 100]; Rack.E = Rack.P + [_,0];\n"));
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const Vec2 p = anchorAt(*script, frame, "Rack", "P");
        CHECK(p.x == near(300 - 40 * 3 * pi * frame.time, kPosition));
        CHECK(p.y == near(100, kPosition));
    }
}

TEST_CASE("angle(v, w) and .angle turn too, and atan2 keeps its meaning, wrapped",
          "[solver][angles]") {
    const auto script =
        compileText(driven("",
                           "   a = (G1.Q - G1.P).a; b = angle([1,0], G1.Q - G1.P);\n"
                           "   c = atan2((G1.Q - G1.P).y, (G1.Q - G1.P).x);\n"));
    const Animation animation = solveAnimation(script);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double turned = 3 * pi * frame.time;
        CHECK(variable(*script, frame, "a") == near(turned, kAngle));
        CHECK(variable(*script, frame, "b") == near(turned, kAngle));
        const double c = variable(*script, frame, "c");
        CHECK(c > -pi);
        CHECK(c <= pi);
        CHECK(std::remainder(c - turned, 2 * pi) == near(0, kAngle));
    }
}

TEST_CASE("an angle read before a marker turns on after it, in a constraint new there",
          "[solver][angles]") {
    // The rack is placed at a point first; from second 3 on (G1 has turned four and a half
    // times) it follows G1's angle, which the gear pair read all along.
    const auto script = compileText(
        driven("G2 : .bar P = [0,0] Q = [80,0];\nRack : .bar P = [0,0] E = [200,0];\n",
               "   G2.P = G1.P + [120,0]; G2.Q = G2.P + [80,0].rotate(-angle(G1.Q - G1.P) / 2);\n"
               "   Rack.P = [300, 100]; Rack.E = Rack.P + [_,0];\n"
               "@3 Rack.P = [2000 - 40 * angle(G1.Q - G1.P), 100];\n",
               5));
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 126);
    CHECK(animation.failedFrames() == 0);
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double turned = 3 * pi * frame.time;
        CHECK(poseAngle(*script, frame, "G2") == near(-turned / 2, kAngle));
        const double rack = frame.time < 3 ? 300 : 2000 - 40 * turned;
        CHECK(anchorAt(*script, frame, "Rack", "P").x == near(rack, kPosition));
    }
}

TEST_CASE("the gears sample keeps its ratios exactly over five turns of the crank",
          "[solver][angles][samples]") {
    const std::string folder = MOVIMENTUM_SOURCE_DIR "/samples";
    std::ifstream in(folder + "/gears.movimentum");
    std::ostringstream text;
    text << in.rdbuf();
    const auto script = compileText(text.str(), folder);
    const Animation animation = solveAnimation(script);
    REQUIRE(animation.frames.size() == 251);
    CHECK(animation.failedFrames() == 0);
    CHECK(animation.diagnostics.empty());
    for (const FrameSolution& frame : animation.frames) {
        INFO("frame " << frame.index);
        const double crank = pi * frame.time;  // 180° a second: five turns in ten seconds
        CHECK(poseAngle(*script, frame, "Crank") == near(crank, kAngle));
        CHECK(poseAngle(*script, frame, "G2") == near(pi / 16 - crank / 2, kAngle));
        CHECK(poseAngle(*script, frame, "G3") == near(crank / 3, kAngle));
        CHECK(poseAngle(*script, frame, "Pinion") == near(crank / 3, kAngle));
        CHECK(poseAngle(*script, frame, "Pulley") == near(crank / 2, kAngle));
        const Vec2 rack = anchorAt(*script, frame, "Rack", "P");
        CHECK(rack.x == near(260 + 10 * crank / 3, kPosition));
        CHECK(rack.y == near(202, kPosition));
        const std::vector<Pose>& rates = frame.poseVelocities;
        CHECK(rates[size_t(script->thingIndex("G3"))].angle == near(pi / 3, kRate));
        CHECK(rates[size_t(script->thingIndex("Rack"))].x == near(10 * pi / 3, kRate));
    }
}
