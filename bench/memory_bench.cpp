// Memory: 10,000 frames of a 50-thing machine (a chain of 50 bars turning for 400 s at 25 fps),
// solved once; reports the peak resident set size of the process (getrusage). The editor holding
// the same frames is editor_memory_bench; both figures are in docs/performance.md.

#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include "bench/bench_scripts.h"
#include "solver/api/animation.h"

namespace {

using namespace mv;

double peakResidentMegabytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in kilobytes on Linux
}

void BM_TenThousandFramesOfFiftyThings(benchmark::State& state) {
    const auto script = bench::compileText(bench::chain(50, 400));
    const double before = peakResidentMegabytes();  // the program, its libraries and the script
    size_t frames = 0;
    for (auto _ : state) {
        const Animation animation = solveAnimation(script);
        frames = animation.frames.size();
        if (animation.failedFrames() != 0) state.SkipWithError("frames failed");
    }
    state.counters["frames"] = double(frames);
    state.counters["peak_rss_MB"] = peakResidentMegabytes();
    state.counters["rss_before_solving_MB"] = before;
}
BENCHMARK(BM_TenThousandFramesOfFiftyThings)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
