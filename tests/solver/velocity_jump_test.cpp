// A marker where the masses' velocities jump is warned about once, with the kinetic energy of the
// impulse (docs/mechanics.md, "Forces"): a bar at rest that a new step turns at full speed takes
// J_pin ω²/2 at once; a step that carries the motion on smoothly is not warned about.

#include <catch2/catch.hpp>

#include <algorithm>
#include <numbers>
#include <string>

#include "script_text.h"
#include "solver/api/animation.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

// A uniform bar of 0.4 m (400 mm, 1.5 kg) pinned at P, held by `before`, then turned by `after`
// from the marker at `marker`.
std::string barStartedAt(const std::string& marker, const std::string& before,
                         const std::string& after, bool masses = true) {
    return std::string(".config(100, 800, 400);\n") +
           (masses ? "Earth : .gravity g = [0, -9.81] scale = 1000;\n" : "") +
           "Bar : .bar P = [0,0] Q = [400,0];\n" +
           (masses ? "BarMass : .mass target = Bar m = 1.5;\n" : "") +
           "@0 pin: Bar.P = [300, 200];\n"
           "   motor: Bar.Q = Bar.P + " +
           before + ";\n@" + marker + " motor: Bar.Q = Bar.P + " + after + ";\n@1\n";
}

std::vector<const Diagnostic*> jumps(const Animation& animation) {
    std::vector<const Diagnostic*> said;
    for (const Diagnostic& d : animation.diagnostics)
        if (d.id == DiagnosticId::VelocityJump) said.push_back(&d);
    return said;
}

// The bar about its pin: J = m L²/3; ½ J ω² at 90° a second.
const double kJumpEnergy =
    0.5 * (1.5 * 0.4 * 0.4 / 3) * (std::numbers::pi / 2) * (std::numbers::pi / 2);

}  // namespace

TEST_CASE("a bar at rest started at full speed by a marker: one warning with J ω²/2", "[forces]") {
    // 0.0987 J; at 0.5 s the marker is on a frame, at 0.555 s between two.
    REQUIRE(kJumpEnergy == Approx(0.0986960).epsilon(1e-6));
    for (const std::string marker : {"0.5", "0.555"}) {
        INFO("marker at " << marker);
        const auto script =
            compileText(barStartedAt(marker, "[400, 0]", "[400, 0].rotate(90° * t)"));
        const Animation animation = solveAnimation(script);
        const auto said = jumps(animation);
        REQUIRE(said.size() == 1);
        CHECK(said[0]->severity == Severity::Warning);
        CHECK(said[0]->range.begin == script->steps[1].markerRange.begin);
        CHECK(said[0]->message.find("T = " + marker) != std::string::npos);
        CHECK(said[0]->message.find("0.0987 J") != std::string::npos);
    }
}

TEST_CASE("a marker that carries the motion on at the same speed is not warned about", "[forces]") {
    for (const std::string marker : {"0.5", "0.555"}) {
        INFO("marker at " << marker);
        const std::string angle = std::to_string(90 * std::stod(marker));
        const auto script = compileText(barStartedAt(marker, "[400, 0].rotate(90° * T)",
                                                     "[400, 0].rotate(" + angle + "° + 90° * t)"));
        const Animation animation = solveAnimation(script);
        CHECK(jumps(animation).empty());
        CHECK(animation.failedFrames() == 0);
    }
}

TEST_CASE("checking a marker for a jump does not change the motion", "[forces]") {
    const std::string before = "[400, 0]", after = "[400, 0].rotate(90° * t)";
    const Animation withMasses = solveAnimation(compileText(barStartedAt("0.555", before, after)));
    const Animation without =
        solveAnimation(compileText(barStartedAt("0.555", before, after, false)));
    REQUIRE(withMasses.frames.size() == without.frames.size());
    auto same = [](const std::vector<Pose>& a, const std::vector<Pose>& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const Pose& p, const Pose& q) {
            return p.x == q.x && p.y == q.y && p.angle == q.angle;
        });
    };
    for (size_t f = 0; f < without.frames.size(); ++f) {
        CHECK(same(withMasses.frames[f].poses, without.frames[f].poses));
        CHECK(same(withMasses.frames[f].poseVelocities, without.frames[f].poseVelocities));
    }
    CHECK(jumps(without).empty());  // nothing to weigh without masses
}
