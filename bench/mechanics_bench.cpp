// Mechanics cost (solver/mechanics/simulate_mechanics.h): integrating a pendulum for 100
// large-amplitude periods, the bouncing-ball sample, and a rally between two close walls that is
// nothing but located events. Each script is compiled once; the timed part is simulateMechanics
// alone. Timings go to docs/performance.md, not tests.

#include <benchmark/benchmark.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "core/compile.h"
#include "core/model/frame_plan.h"
#include "solver/mechanics/simulate_mechanics.h"
#include "tests/support/disk_images.h"

namespace {

std::shared_ptr<const mv::Script> compile(const std::string& text) {
    return mv::compileScript(std::make_shared<const mv::SourceText>("bench.movimentum", text),
                             mv::test::DiskImages("."))
        .script;
}

std::string sample(const char* name) {
    std::ifstream file(std::string(MOVIMENTUM_SOURCE_DIR) + "/samples/" + name);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

void simulate(benchmark::State& state, const std::string& text) {
    const auto script = compile(text);
    if (!script) {
        state.SkipWithError("the script does not compile");
        return;
    }
    const mv::FramePlan plan = mv::planFrames(*script);
    int events = 0;
    for (auto _ : state) {
        const mv::MechanicsResult result = mv::simulateMechanics(*script, plan);
        events = result.events;
        benchmark::DoNotOptimize(result.frames.data());
    }
    state.counters["frames"] = static_cast<double>(plan.frames.size());
    state.counters["events"] = events;
    state.counters["events/s"] = benchmark::Counter(static_cast<double>(events),
                                                    benchmark::Counter::kIsIterationInvariantRate);
}

// theta0 = 2.5, l = 1: the period is 4 sqrt(1/9.81) K(sin 1.25) = 3.3277 s; 100 periods at 25 fps.
void BM_Pendulum100Periods(benchmark::State& state) {
    simulate(state, R"(.config(25, 100, 100);
Bob : .pendulum theta = 2.5 l = 1;
Swing : .swing target = Bob;
@0
@332.77
)");
}
BENCHMARK(BM_Pendulum100Periods)->Unit(benchmark::kMillisecond);

void BM_BouncingBallSample(benchmark::State& state) {
    simulate(state, sample("bouncing_ball.movimentum"));
}
BENCHMARK(BM_BouncingBallSample)->Unit(benchmark::kMillisecond);

// Walls 0.01 apart and a speed of 10: 1000 reflections per second for 10 s.
void BM_WallRally(benchmark::State& state) {
    simulate(state, R"(.config(25, 100, 100);
Ball : .point x = [0.005, 0] x_d1 = [10, 1];
Left : .reflection target = Ball guard = Ball.x.x direction = -1;
Right : .reflection target = Ball guard = Ball.x.x - 0.01 direction = 1;
@0
@10
)");
}
BENCHMARK(BM_WallRally)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
