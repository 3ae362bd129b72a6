// The mechanics' work budget (solver/mechanics/work_budget.h): an extreme script ends in a
// diagnostic after a bounded amount of work, however many walls it has and however fast the
// machine shakes a pivot, instead of running for minutes. Work is counted in evaluations (the
// budget's own unit), never timed: a test that reads the clock fails on a loaded machine and passes
// a slow solver on a fast one.

#include <catch2/catch.hpp>

#include <string>

#include "core/compile.h"
#include "core/model/frame_plan.h"
#include "solver/mechanics/crossing_locator.h"
#include "solver/mechanics/simulate_mechanics.h"
#include "solver/mechanics/work_budget.h"
#include "solver/motion/taylor_series.h"
#include "tests/support/disk_images.h"

using namespace mv;

namespace {

// A ball under a gravity of 1e12 bouncing on a floor, among `walls` more walls it never reaches.
std::string extremeBall(int walls) {
    std::string text =
        ".config(25, 100, 100);\n"
        "Ball : .point x = [0, 100];\n"
        "Fall : .gravity target = Ball g = [0, -1e12];\n"
        "Floor : .reflection target = Ball guard = Ball.x.y direction = -1;\n";
    for (int w = 0; w < walls; ++w)
        text += "Far" + std::to_string(w) + " : .reflection target = Ball guard = Ball.x.x - " +
                std::to_string(1000 + w) + " direction = 1;\n";
    return text + "@0\n@10\n";
}

struct Outcome {
    MechanicsResult result;
    long budget = 0;        // the evaluations these frames are allowed, as the message says
    std::string message;    // the budget's diagnostic
    double stoppedAt = -1;  // its time, in seconds
};

Outcome simulate(const std::string& text) {
    const CompileResult compiled = compileScript(
        std::make_shared<const SourceText>("extreme.movimentum", text), mv::test::DiskImages("."));
    REQUIRE(compiled.script);
    const FramePlan plan = planFrames(*compiled.script);
    Outcome outcome;
    outcome.result = simulateMechanics(*compiled.script, plan);
    outcome.budget = WorkBudget(static_cast<long>(plan.frames.size()), true).limit();
    REQUIRE(outcome.result.frames.size() == plan.frames.size());
    REQUIRE(outcome.result.diagnostics.size() == 1);
    const Diagnostic& stop = outcome.result.diagnostics.front();
    REQUIRE(stop.id == DiagnosticId::MechanicsOverBudget);
    outcome.message = stop.message;
    const std::string at = "at T = ";
    outcome.stoppedAt = std::stod(stop.message.substr(stop.message.find(at) + at.size()));
    return outcome;
}

// The budget is looked at after every integrator step, so it stops within a step's work past its
// limit. A step costs, for each wall it does not cross, a scan at kSamples + 1 points and the leak
// check's two evaluations; and under a thousand for the rest: six evaluations of the equations of
// motion for each try of the step, and locating the floor's crossing (TOMS 748 stops after 200
// iterations, and bisecting a frame down to kTimeResolution takes some forty more).
long oneStep(int walls) {
    return (walls + 1) * (kSamples + 1 + 2) + 1000;
}

// The budget is spent, just past its limit, and the message says how much work that was.
void checkStoppedOnBudget(const Outcome& outcome, int walls) {
    INFO(outcome.message);
    CHECK(outcome.message.find("after " + std::to_string(outcome.result.evaluations) +
                               " evaluations of the equations of motion and the walls") !=
          std::string::npos);
    CHECK(outcome.message.find("over the budget of " + std::to_string(outcome.budget) + ";") !=
          std::string::npos);
    CHECK(outcome.result.evaluations > outcome.budget);
    CHECK(outcome.result.evaluations <= outcome.budget + oneStep(walls));
}

}  // namespace

TEST_CASE("an extreme gravity among 41 walls stops on the work budget, not after minutes",
          "[mechanics][budget]") {
    // Counting steps alone, this took 100 s; counting evaluations, the fixed part plus 600 per
    // frame bounds it (about a second of work).
    checkStoppedOnBudget(simulate(extremeBall(40)), 40);
}

TEST_CASE("many walls spend the same budget sooner than one", "[mechanics][budget]") {
    const Outcome one = simulate(extremeBall(0));
    const Outcome many = simulate(extremeBall(40));
    // The walls' guards are evaluations too: forty more walls spend the same budget sooner
    // instead of stretching it.
    checkStoppedOnBudget(one, 0);
    checkStoppedOnBudget(many, 40);
    INFO(one.message << many.message);
    CHECK(many.stoppedAt < one.stoppedAt);
}

TEST_CASE("a pivot shaken too fast stops on the work budget, its readings and series counted",
          "[mechanics][budget]") {
    // 5 units at 3,000 rad/s: the integrator's steps are a fraction of the shake's period, and the
    // pivot's parts are read at every one, solved again and again and extended to series.
    const Outcome outcome = simulate(
        ".config(25, 400, 300);\n"
        "Bob : .pendulum theta = 3.04 l = 0.5 pivot = Shaker.P * 0.01;\n"
        "Swing : .swing target = Bob;\n"
        "Shaker : .bar P = [0,0] Q = [20,0];\n"
        "@0  Shaker.P = [200, 150 + 5 * cos(3000 * T)]; Shaker.Q = Shaker.P + [20, 0];\n"
        "@60\n");
    INFO(outcome.message);
    CHECK(outcome.message.find("(a reading of the machine's parts counting as 4, a solve of them "
                               "as 30, an order of their series as 15)") != std::string::npos);
    CHECK(outcome.result.evaluations > outcome.budget);
    // A step's work past the limit: its evaluations, each a reading that may solve the parts
    // twice (ahead of the time asked, then at it) and extend a series to its last order.
    const long reading = WorkBudget::kMachineRead + 2 * WorkBudget::kMachineSolve +
                         TaylorSeries::kMaxDegree * WorkBudget::kSeriesOrder;
    CHECK(outcome.result.evaluations <= outcome.budget + 50 * (1 + reading));
}
