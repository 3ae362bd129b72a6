// Resets at markers, cancellation, the limit on events between frames and the diagnostics that
// replace a crash or a hang when the numbers go bad.

#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "solver/mechanics/simulate_mechanics.h"
#include "tests/solver/mechanics_fixture.h"

using namespace mv;
using namespace mv::test;

namespace {

void addReset(Script& script, int step, ElementId element, const char* state, ExpressionPtr value) {
    Reset reset;
    reset.element = element;
    reset.state = static_cast<uint32_t>(script.elements[element].stateIndex(state));
    reset.value = std::move(value);
    reset.step = step;
    reset.range = {100, 120};
    script.steps[step].resets.push_back(static_cast<uint32_t>(script.resets.size()));
    script.resets.push_back(reset);
}

// A mechanics diagnostic whose message contains `text`.
bool mentions(const MechanicsResult& result, const std::string& text) {
    for (const Diagnostic& d : result.diagnostics) {
        if (d.kind == DiagnosticKind::Mechanics && d.message.find(text) != std::string::npos)
            return true;
    }
    return false;
}

ExpressionPtr absoluteTime() {
    auto e = std::make_shared<Expression>();
    e->op = ExprOp::AbsoluteTime;
    return e;
}

}  // namespace

TEST_CASE("resets of a step read the states at its marker and apply together", "[mechanics]") {
    // From [5,0] at [1,0]: at the marker T = 1 the ball is at [6,0]. Swapping position and
    // velocity gives x = [1,0], v = [6,0], so it is at [7,0] at T = 2; applied one after the
    // other the swap would give [2,0] instead.
    Script script;
    const ElementId ball = addPoint(script, "Ball", {5, 0}, {1, 0});
    setMarkers(script, {0, 1, 2});
    addReset(script, 1, ball, "x", stateOf(script, ball, "x_d1"));
    addReset(script, 1, ball, "x_d1", stateOf(script, ball, "x"));
    const MechanicsResult result = simulateMechanics(script, planAt(script, {0.5, 1, 2}));
    REQUIRE(result.diagnostics.empty());
    CHECK(result.frames[0][0][0].x == Approx(5.5));
    CHECK(result.frames[1][0][0].x == Approx(1));  // a frame on the marker sees the reset
    CHECK(result.frames[1][0][1].x == Approx(6));
    CHECK(result.frames[2][0][0].x == Approx(7));
}

TEST_CASE("a reset at the first marker and one reading T", "[mechanics]") {
    Script script;
    const ElementId ball = addPoint(script, "Ball", {0, 0}, {0, 0});
    setMarkers(script, {1, 3, 4});
    addReset(script, 0, ball, "x_d1", vector(number(0), number(2)));
    addReset(script, 1, ball, "x_d1", vector(absoluteTime(), number(0)));
    const MechanicsResult result = simulateMechanics(script, planUniform(script, 1));
    REQUIRE(result.diagnostics.empty());
    REQUIRE(result.frames.size() == 4);
    CHECK(result.frames[0][0][1].y == Approx(2));
    CHECK(result.frames[2][0][0].y == Approx(4));
    CHECK(result.frames[3][0][0].x == Approx(3));
    CHECK(result.frames[3][0][0].y == Approx(4));
}

TEST_CASE("a reset whose value is not a number is skipped with an error", "[mechanics]") {
    Script script;
    const ElementId ball = addPoint(script, "Ball", {0, 0}, {1, 0});
    setMarkers(script, {0, 1, 2});
    addReset(script, 1, ball, "x_d1",
             vector(node(ExprOp::Sqrt, ValueType::Scalar, {number(-1)}), number(0)));
    const MechanicsResult result = simulateMechanics(script, planAt(script, {0, 2}));
    REQUIRE(result.diagnostics.size() == 1);
    CHECK(result.diagnostics[0].range == SourceRange{100, 120});
    CHECK(result.frames[1][0][0].x == Approx(2));
}

TEST_CASE("a cancelled simulation stops and says so", "[mechanics]") {
    Script script;
    const ElementId bob = addPendulum(script, "Bob", 1, 0, 9.81, 1);
    addSwing(script, bob);
    setMarkers(script, {0, 100});
    const FramePlan plan = planUniform(script, 25);
    const std::atomic<bool> cancel{true};
    const MechanicsResult result = simulateMechanics(script, plan, &cancel);
    CHECK(result.cancelled);
    CHECK(result.frames.size() < plan.frames.size());
}

TEST_CASE("too many reflections between two frames stop with a diagnostic", "[mechanics]") {
    // Walls 1e-4 apart and a speed of 10: 1e5 bounces per second, 5e4 between two frames.
    Script script;
    const ElementId ball = addPoint(script, "Ball", {5e-5, 0}, {10, 0});
    const ExpressionPtr x = xOf(stateOf(script, ball, "x"));
    addReflection(script, ball, x, -1, 1);
    const Interaction& far = addReflection(script, ball, minus(x, number(1e-4)), 1, 1);
    const SourceRange farRange = far.range;
    setMarkers(script, {0, 2});
    const FramePlan plan = planUniform(script, 2);
    const MechanicsResult result = simulateMechanics(script, plan);
    REQUIRE(result.diagnostics.size() == 1);
    INFO(result.diagnostics[0].message);
    CHECK(result.diagnostics[0].severity == Severity::Error);
    CHECK((result.diagnostics[0].range == farRange ||
           result.diagnostics[0].range == script.interactions[0].range));
    CHECK(mentions(result, "reflections between two frames"));
    CHECK(result.frames.size() == plan.frames.size());
    CHECK(result.events == 10001);
    const double x0 = result.frames[0][0][0].x;
    CHECK((x0 >= 0 && x0 <= 1e-4));
}

TEST_CASE("a state that is not a number stops the simulation with a diagnostic", "[mechanics]") {
    Script script;
    const ElementId bob =
        addPendulum(script, "Bob", std::numeric_limits<double>::quiet_NaN(), 0, 9.81, 1);
    addSwing(script, bob);
    setMarkers(script, {0, 1});
    const FramePlan plan = planUniform(script, 4);
    const MechanicsResult result = simulateMechanics(script, plan);
    CHECK(mentions(result, "Bob.theta is not a finite number"));
    CHECK(result.frames.size() == plan.frames.size());
}

TEST_CASE("a guard that becomes not a number stops the simulation", "[mechanics]") {
    // sqrt(x) - 2 for a ball moving from x = 1 to negative x.
    Script script;
    const ElementId ball = addPoint(script, "Ball", {1, 0}, {-1, 0});
    addReflection(
        script, ball,
        minus(node(ExprOp::Sqrt, ValueType::Scalar, {xOf(stateOf(script, ball, "x"))}), number(2)),
        0, 1);
    setMarkers(script, {0, 2});
    const MechanicsResult result = simulateMechanics(script, planUniform(script, 4));
    CHECK(mentions(result, "the guard is not a finite number"));
    CHECK(result.diagnostics[0].range == script.interactions[0].range);
}

TEST_CASE("a guard that reads a variable the script does not have is rejected", "[mechanics]") {
    Script script;
    const ElementId ball = addPoint(script, "Ball", {0, 0}, {1, 0});
    auto variable = std::make_shared<Expression>();
    variable->op = ExprOp::Variable;
    addReflection(script, ball, minus(xOf(stateOf(script, ball, "x")), variable), 0, 1);
    setMarkers(script, {0, 2});
    const MechanicsResult result = simulateMechanics(script, planUniform(script, 1));
    CHECK(mentions(result, "may read only"));
    CHECK(result.frames.back()[0][0].x == Approx(2));
}

TEST_CASE("a script without elements has empty states in every frame", "[mechanics]") {
    Script script;
    setMarkers(script, {0, 1});
    const FramePlan plan = planUniform(script, 10);
    const MechanicsResult result = simulateMechanics(script, plan);
    CHECK(result.diagnostics.empty());
    REQUIRE(result.frames.size() == plan.frames.size());
    CHECK(result.frames[5].empty());
}
