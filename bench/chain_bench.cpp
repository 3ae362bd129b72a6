// A chain of N linked bars (N = 10, 100, 1000), every bar turned by its own variable: the cost per
// frame should grow linearly with N (the sparse path for large N). 26 frames per animation.

#include <benchmark/benchmark.h>

#include "bench/bench_scripts.h"
#include "solver/animation.h"

namespace {

using namespace mv;

void BM_Chain(benchmark::State& state) {
    const int bars = int(state.range(0));
    const auto script = bench::compileText(bench::chain(bars, 1));
    const size_t frames = bench::solveEachIteration(state, script);
    state.counters["per_frame"] = bench::timePer(double(frames));
    state.counters["per_frame_per_bar"] = bench::timePer(double(frames) * bars);
}
BENCHMARK(BM_Chain)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
