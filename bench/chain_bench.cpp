// A chain of N linked bars (N = 10, 100, 1000, 10,000), every bar turned by its own variable: the
// cost per frame should grow linearly with N (the sparse path for large N). 26 frames per
// animation. And a triangulated truss, where every bar is closed into triangles instead of
// hanging off the one before: the same sparse solve with a less banded matrix. And the bars each
// on a pin of its own, which read none of each other.

#include <benchmark/benchmark.h>

#include "bench/bench_scripts.h"
#include "core/model/frame_plan.h"
#include "solver/api/animation.h"
#include "solver/kinematics/segment_model.h"

namespace {

using namespace mv;

// Time per frame and per frame and part, for a script whose parts are `parts` things.
void solveAndReportPerPart(benchmark::State& state, const std::string& text, int parts) {
    const auto script = bench::compileText(text);
    if (static_cast<int>(script->things.size()) != parts) {
        state.SkipWithError("unexpected number of things");
        return;
    }
    const size_t frames = bench::solveEachIteration(state, script);
    state.counters["per_frame"] = bench::timePer(double(frames));
    state.counters["per_frame_per_bar"] = bench::timePer(double(frames) * parts);
}

void BM_Chain(benchmark::State& state) {
    const int bars = int(state.range(0));
    solveAndReportPerPart(state, bench::chain(bars, 1), bars);
}
BENCHMARK(BM_Chain)->Arg(10)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

// The same chains for 1 s and for 4 s (26 and 101 frames): the difference is what a frame costs
// once the segment is set up, and what is left of the shorter one is the setup (docs/
// performance.md, "Where a long chain's time goes").
void BM_ChainSeconds(benchmark::State& state) {
    const int bars = int(state.range(0));
    solveAndReportPerPart(state, bench::chain(bars, int(state.range(1))), bars);
}
BENCHMARK(BM_ChainSeconds)
    ->ArgsProduct({{100, 10000}, {1, 4}})
    ->ArgNames({"bars", "seconds"})
    ->Unit(benchmark::kMillisecond);

// The same bars each on a pin of its own: the cost per bar as flat as the chain's. A run of blocks
// that read none of each other once cost n³ to set up here (BlockRates::place).
void BM_SeparateBars(benchmark::State& state) {
    const int bars = int(state.range(0));
    solveAndReportPerPart(state, bench::separateBars(bars, 1), bars);
}
BENCHMARK(BM_SeparateBars)->Arg(100)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

// The structure step alone, built once per segment: every constraint's tape compiled, what each
// row can move found, rows matched to unknowns and the blocks sorted.
void BM_ChainModel(benchmark::State& state) {
    const auto script = bench::compileText(bench::chain(int(state.range(0)), 1));
    const FramePlan plan = planFrames(*script);
    for (auto _ : state) {
        SegmentModel model(*script, plan.segments[0]);
        benchmark::DoNotOptimize(&model);
    }
}
BENCHMARK(BM_ChainModel)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

// 20 x 20 cells: 1,240 bars on 441 pinned nodes (4,603 unknowns, 4,964 residuals), turning
// about one corner for 2 s (51 frames); the first frame places the truss from the origin.
void BM_Truss(benchmark::State& state) {
    const int cells = int(state.range(0));
    solveAndReportPerPart(state, bench::truss(cells, 2), 2 * cells * (cells + 1) + cells * cells);
}
BENCHMARK(BM_Truss)->Arg(20)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
