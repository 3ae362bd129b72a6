// A run of blocks (solver/motion/block_rates.h) differentiated through one kernel, against the
// closed form. A bar hung from the end of a turning one: its x and its y (a block each) and its
// angle and length (one block) read none of each other's unknowns, so they make one run. Tested
// here, beneath MachineMotion, which differentiates a block it finds singular again on its own:
// there a run that mixed up its blocks' unknowns would still come out right.

#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "core/model/frame_plan.h"
#include "script_text.h"
#include "solver/api/animation.h"
#include "solver/kinematics/segment_model.h"
#include "solver/motion/block_rates.h"
#include "solver/motion/machine_motion.h"

using namespace mv;
using namespace mv::kinematics_test;

TEST_CASE("a run of blocks through one kernel has each block's exact rates", "[solver][motion]") {
    constexpr double kA = std::numbers::pi / 4, kB = std::numbers::pi / 2;  // 45° and 90° a second
    const auto script = compileText(
        ".config(25, 400, 300);\n"
        "A : .bar P = [0,0] Q = [10,0];\n"
        "B : .bar P = [0,0] Q = [10,0];\n"
        "@0 A.P = [100,100]; A.Q = A.P + [a,0].rotate(45° * t);\n"
        "   B.P = A.Q; B.Q = B.P + [b,0].rotate(90° * t);\n"
        "@2\n");
    const FramePlan plan = planFrames(*script);
    const Animation animation = solveAnimation(script);
    SegmentModel model(*script, plan.segments[0]);
    SegmentProblem& problem = model.problem;

    // The runs, as MachineMotion makes them.
    SegmentArena arena;
    std::vector<BlockRates> runs;
    for (const StructureBlock& block : model.structure.blocks) {
        if (!runs.empty() &&
            runs.back().add(problem, model.structure.rowColumns, block, model.weights))
            continue;
        runs.emplace_back(&arena);
        runs.back().add(problem, model.structure.rowColumns, block, model.weights);
    }
    REQUIRE(runs.size() < model.structure.blocks.size());  // some run has several blocks

    RateScratch scratch;
    for (const int index : {1, 13, 38}) {
        const double t = plan.frames[size_t(index)].time;
        INFO("at " << t << " s");
        const std::vector<Taylor> inputs =
            movingInputs(*script, plan.frames[size_t(index)], nullptr, nullptr, nullptr);
        std::vector<double> values;
        for (const Taylor& input : inputs) values.push_back(input.v);
        problem.setInputs(values);
        std::vector<double> x(size_t(problem.unknownCount()));
        problem.gather(animation.frames[size_t(index)], x.data());
        std::vector<Taylor> unknowns(x.begin(), x.end());
        for (BlockRates& run : runs) run.differentiate(problem, inputs, unknowns, scratch);

        const int b = script->thingIndex("B");
        const auto pose = std::find_if(
            problem.blocks().begin(), problem.blocks().end(), [&](const UnknownBlock& u) {
                return u.kind == UnknownBlock::Kind::Pose && int(u.thing.value()) == b;
            });
        REQUIRE(pose != problem.blocks().end());
        const Taylor* p = &unknowns[size_t(pose->offset)];
        // B.P = A.Q = [100,100] + 10 (cos, sin)(kA t); B turns at kB.
        CHECK(p[0].rate() == Approx(-10 * kA * std::sin(kA * t)).margin(1e-9));
        CHECK(p[1].rate() == Approx(10 * kA * std::cos(kA * t)).margin(1e-9));
        CHECK(p[0].acceleration() == Approx(-10 * kA * kA * std::cos(kA * t)).margin(1e-9));
        CHECK(p[1].acceleration() == Approx(-10 * kA * kA * std::sin(kA * t)).margin(1e-9));
        CHECK(p[2].rate() == Approx(kB).margin(1e-9));
        CHECK(p[2].acceleration() == Approx(0).margin(1e-9));
    }
}
