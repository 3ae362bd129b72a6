// What `solve --json` and `solve --csv` cost beside the solve itself, on the pump turning for
// 600 s (15,026 frames; issue 11 measured 0.52 s of printing against 0.32 s of solving there).
// The writers print into /dev/null through the same OutputBuffer the command uses. Figures in
// docs/performance.md ("Command line").

#include <benchmark/benchmark.h>

#include <cstdio>

#include "bench/bench_scripts.h"
#include "solver/api/solve_output.h"

using namespace mv;

namespace {

const Animation& longPump() {
    static const Animation animation = solveAnimation(bench::pumpSample(600));
    return animation;
}

void BM_SolveLongPump(benchmark::State& state) {
    const auto script = bench::pumpSample(600);
    const size_t frames = bench::solveEachIteration(state, script);
    state.counters["frames"] = double(frames) / double(state.iterations());
}
BENCHMARK(BM_SolveLongPump)->Unit(benchmark::kMillisecond);

// `print` writes the whole animation once per iteration.
template <class Print>
void printBench(benchmark::State& state, Print print) {
    const Animation& animation = longPump();
    std::FILE* sink = std::fopen("/dev/null", "w");
    for (auto _ : state) {
        OutputBuffer out(sink);
        print(out, animation);
        out.flush();
    }
    std::fclose(sink);
}

void BM_WriteJsonLongPump(benchmark::State& state) {
    printBench(state, [](OutputBuffer& out, const Animation& animation) {
        writeSolveJson(out, *animation.script->source, {}, animation, FrameRange::from(0));
    });
}
BENCHMARK(BM_WriteJsonLongPump)->Unit(benchmark::kMillisecond);

void BM_WriteCsvLongPump(benchmark::State& state) {
    printBench(state, [](OutputBuffer& out, const Animation& animation) {
        writeSolveCsv(out, animation, FrameRange::from(0));
    });
}
BENCHMARK(BM_WriteCsvLongPump)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
