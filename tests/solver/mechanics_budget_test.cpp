// The mechanics' work budget (solver/mechanics/work_budget.h): an extreme script ends in a
// diagnostic after a bounded amount of work, however many walls it has, instead of running for
// minutes. Work is counted in evaluations (the budget's own unit), never timed: a test that reads
// the clock fails on a loaded machine and passes a slow solver on a fast one.

#include <catch2/catch.hpp>

#include <string>

#include "core/compile.h"
#include "core/frame_plan.h"
#include "solver/mechanics.h"
#include "solver/mechanics/work_budget.h"
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
    std::string message;
    long budget = 0;  // the most evaluations any script of these frames is allowed
};

// The evaluation count the budget stopped at, as the message states it ("more than N evaluations").
long stoppedAfter(const Outcome& outcome) {
    const std::string marker = "more than ";
    const size_t at = outcome.message.find(marker);
    if (at == std::string::npos) return -1;
    return std::stol(outcome.message.substr(at + marker.size()));
}

Outcome simulate(const std::string& text) {
    const CompileResult compiled = compileScript(
        std::make_shared<const SourceText>("extreme.movimentum", text), mv::test::DiskImages("."));
    REQUIRE(compiled.script);
    const FramePlan plan = planFrames(*compiled.script);
    const MechanicsResult result = simulateMechanics(*compiled.script, plan);
    Outcome outcome;
    outcome.budget = WorkBudget(static_cast<long>(plan.frames.size()), true).limit();
    REQUIRE(result.frames.size() == plan.frames.size());
    for (const Diagnostic& d : result.diagnostics) outcome.message += d.message + "\n";
    return outcome;
}

}  // namespace

TEST_CASE("an extreme gravity among 41 walls stops on the work budget, not after minutes",
          "[mechanics][budget]") {
    const Outcome outcome = simulate(extremeBall(40));
    INFO(outcome.message);
    CHECK(outcome.message.find("evaluations of the equations of motion and the walls") !=
          std::string::npos);
    // Counting steps alone, this took 100 s; counting evaluations, the fixed part plus 600 per
    // frame bounds it (about a second of work).
    CHECK(stoppedAfter(outcome) > 0);
    CHECK(stoppedAfter(outcome) <= outcome.budget);
}

TEST_CASE("the budget costs the same with one wall or many", "[mechanics][budget]") {
    const Outcome one = simulate(extremeBall(0));
    const Outcome many = simulate(extremeBall(40));
    INFO(one.message << many.message);
    // The walls' guards are evaluations too: forty more walls spend the same budget sooner
    // instead of stretching it.
    CHECK(stoppedAfter(one) > 0);
    CHECK(stoppedAfter(many) == stoppedAfter(one));
}
