// A slider-crank close to its toggle position: rod 100, crank 99.95, 7.2° per frame at 25 fps,
// four turns (201 frames). Twice a turn the rod stands almost upright (sin of its angle 0.9995)
// and the two assembly branches (slider left or right of the pin) are only 2 sqrt(100² - 99.95²)
// = 6.3 units apart while the slider moves about 12.6 units per frame; once a turn the slider
// passes 0.05 from the crank centre, right at the `x < Crank.P.x` bound. These are the frames
// where the solver's path tracking (path_tracker.h) halves its sub-steps. Time per frame
// only; failed frames are counted, not treated as an error, since what is measured is what the
// hard frames cost.

#include <benchmark/benchmark.h>

#include "bench/bench_scripts.h"
#include "solver/api/animation.h"

namespace {

using namespace mv;

// Crank 99.95 (near toggle) and, for comparison in the same run, the ordinary crank 30.
void BM_CrankSliderFourTurns(benchmark::State& state, double crank) {
    const auto script = bench::compileText(bench::crankSlider(8, crank, 100));
    const bench::SolveCounts counts = bench::solveAndCount(state, script);
    state.counters["per_frame"] = bench::timePer(double(counts.frames));
    state.counters["failed_frames"] =
        benchmark::Counter(double(counts.failed), benchmark::Counter::kAvgIterations);
    // Sub-steps per frame along the time path: 1 where the machine moves smoothly, more where the
    // branches come close.
    state.counters["substeps_per_frame"] = double(counts.substeps) / double(counts.frames);
}
BENCHMARK_CAPTURE(BM_CrankSliderFourTurns, near_toggle, 99.95)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_CrankSliderFourTurns, ordinary, 30.0)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
