// Mechanics driven by the machine (docs/reference.md#mechanics): a pendulum hung from a
// crank-driven slider for ten minutes at 25 fps, and a ball juggled by a crank-driven paddle for 60
// s. Each is timed as a whole animation (mechanics and every frame's kinematics, velocities
// included) and beside the same script with the pendulum on a fixed pivot or the wall standing
// still, so the difference is the cost of solving the pivot's or the paddle's parts at the
// integrator's times. Timings go to docs/performance.md, not tests.

#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "core/compile.h"
#include "solver/api/animation.h"
#include "tests/support/disk_images.h"

namespace {

std::shared_ptr<const mv::Script> compile(const std::string& text) {
    return mv::compileScript(std::make_shared<const mv::SourceText>("bench.movimentum", text),
                             mv::test::DiskImages("."))
        .script;
}

void animate(benchmark::State& state, const std::string& text) {
    const auto script = compile(text);
    if (!script) {
        state.SkipWithError("the script does not compile");
        return;
    }
    size_t frames = 0;
    for (auto _ : state) {
        const mv::Animation animation = mv::solveAnimation(script);
        frames = animation.frames.size();
        benchmark::DoNotOptimize(animation.frames.size());
    }
    state.counters["frames"] = static_cast<double>(frames);
}

// The slider-crank of samples/pendulum_pump.movimentum, turning for ten minutes.
std::string pendulumOnSlider(const char* pivot) {
    return std::string(
               ".config(25, 640, 360);\n"
               "Bob : .pendulum theta = 0.8 l = 1 ") +
           pivot +
           ";\n"
           "Swing : .swing target = Bob;\n"
           "Crank : .bar A = [0,0] B = [50,0];\n"
           "Conrod : .bar A = [0,0] B = [160,0];\n"
           "Rod : .bar A = [0,0] B = [0,-100];\n"
           "@0  Crank.A = [120,260]; Crank.B = Crank.A + [50,0].rotate(90° * T);\n"
           "    Conrod.A = Crank.B; Conrod.B = [x, 260]; x > Crank.A.x;\n"
           "    Rod.A = Conrod.B; Rod.B = Rod.A + [0,-100].rotate(Bob.theta);\n"
           "@600\n";
}

// The paddle of samples/juggling.movimentum, for 60 s.
std::string juggling(const char* paddle) {
    return std::string(
               ".config(25, 400, 400);\n"
               "Ball : .point x = [2, 2.5];\n"
               "Fall : .gravity target = Ball;\n"
               "Hit : .reflection target = Ball guard = Ball.x.y - 0.08 - ") +
           paddle +
           " direction = -1 restitution = 0.9;\n"
           "Crank : .bar C = [0,0] Q = [30,0];\n"
           "Conrod : .bar A = [0,0] B = [0,120];\n"
           "Paddle : .bar L = [-60,0] A = [0,0] R = [60,0];\n"
           "@0  Crank.C = [200, 40]; Crank.Q = Crank.C + [30,0].rotate(360° * T);\n"
           "    Conrod.A = Crank.Q; Conrod.B = [200, y]; y > Crank.C.y;\n"
           "    Paddle.A = Conrod.B; Paddle.R = Paddle.A + [60,0];\n"
           "@60\n";
}

void BM_PendulumOnMovingPivot10Minutes(benchmark::State& state) {
    animate(state, pendulumOnSlider("pivot = Rod.A * 0.01"));
}
void BM_PendulumOnFixedPivot10Minutes(benchmark::State& state) {
    animate(state, pendulumOnSlider(""));
}
void BM_JugglingPaddle60s(benchmark::State& state) {
    animate(state, juggling("Paddle.A.y * 0.01"));
}
void BM_JugglingStillWall60s(benchmark::State& state) {
    animate(state, juggling("1.75"));
}

}  // namespace

BENCHMARK(BM_PendulumOnMovingPivot10Minutes)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_PendulumOnFixedPivot10Minutes)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_JugglingPaddle60s)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(BM_JugglingStillWall60s)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

BENCHMARK_MAIN();
