// What the branch choice of docs/reference.md#branch-rules costs (issue 22): the pump's first
// frame, where every block chooses among its branches by the nearest definition pose and the
// conrod's inequality turns the block it reads; and a scissor lift of 10 and 100 cells, one
// inequality each, where each cell's inequality chooses its own cell's branch. The lift's first
// frame (the choice) and its whole second of frames are timed, per cell: both should grow linearly
// with the cells.

#include <benchmark/benchmark.h>

#include "bench/bench_scripts.h"
#include "solver/api/animation.h"
#include "tests/support/scissor_lift.h"

namespace {

using namespace mv;

// Solves the first frame alone once per iteration.
void solveFirstFrame(benchmark::State& state, const std::shared_ptr<const Script>& script) {
    SolveOptions first;
    first.endFrame = 1;
    for (auto _ : state) {
        const Animation animation = solveAnimation(script, first);
        if (animation.failedFrames() != 0) state.SkipWithError("the first frame failed");
        benchmark::DoNotOptimize(animation.frames.size());
    }
}

void BM_PumpFirstFrame(benchmark::State& state) {
    solveFirstFrame(state, bench::pumpSample());
}
BENCHMARK(BM_PumpFirstFrame)->Unit(benchmark::kMicrosecond);

// The first frame only: every cell's inequality chooses its branch.
void BM_ScissorLiftFirstFrame(benchmark::State& state) {
    const int cells = int(state.range(0));
    solveFirstFrame(state, bench::compileText(test::scissorLift(cells, "(60 + 20 * t)")));
    state.counters["per_inequality"] = bench::timePer(double(cells) * double(state.iterations()));
}
BENCHMARK(BM_ScissorLiftFirstFrame)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond);

// One second (26 frames), the base widening from 60 to 80: the time per frame and per cell.
void BM_ScissorLiftPerFrame(benchmark::State& state) {
    const int cells = int(state.range(0));
    const auto script = bench::compileText(test::scissorLift(cells, "(60 + 20 * t)"));
    const size_t frames = bench::solveEachIteration(state, script);
    state.counters["per_frame"] = bench::timePer(double(frames));
    state.counters["per_frame_and_cell"] = bench::timePer(double(frames) * cells);
}
BENCHMARK(BM_ScissorLiftPerFrame)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
