// The whole pump sample (samples/pump.movimentum, 326 frames) as the editor redoes it after an
// edit: parse, analyse and solve every frame; the same with the animation cache after an edit of
// the last step, when only the last segment is solved again; and the cost of frames that fail.

#include <benchmark/benchmark.h>

#include "bench/bench_scripts.h"
#include "core/compile.h"
#include "solver/api/animation.h"
#include "solver/api/animation_cache.h"
#include "tests/support/disk_images.h"

namespace {

using namespace mv;

std::string pumpText() {
    return bench::sampleText("pump.movimentum");
}

Animation compileAndSolve(const std::string& text, const SolveHooks& hooks = {}) {
    const auto compiled = compileScript(std::make_shared<const SourceText>("pump", text),
                                        mv::test::DiskImages(MOVIMENTUM_SOURCE_DIR "/samples"));
    return solveAnimation(compiled.script, {}, hooks);
}

void BM_PumpCompileAndSolve(benchmark::State& state) {
    const std::string text = pumpText();
    for (auto _ : state) {
        const Animation animation = compileAndSolve(text);
        if (animation.frames.size() < 300 || animation.failedFrames() != 0)
            state.SkipWithError("pump not solved");
    }
}
BENCHMARK(BM_PumpCompileAndSolve)->Unit(benchmark::kMillisecond);

void BM_PumpEditLastStepWithCache(benchmark::State& state) {
    const std::string text = pumpText();
    const size_t speed = text.find("180° * t");
    if (speed == std::string::npos) {
        state.SkipWithError("pump sample changed");
        return;
    }
    std::string edited = text;
    edited.replace(speed, 3, "181");
    AnimationCache cache;
    SolveHooks hooks;
    hooks.cache = &cache;
    bool flip = false;
    for (auto _ : state) {
        compileAndSolve(flip ? edited : text, hooks);
        flip = !flip;
    }
}
BENCHMARK(BM_PumpEditLastStepWithCache)->Unit(benchmark::kMillisecond);

// What a frame that cannot be solved costs: the pump with a constraint no frame can meet (the
// crank is 35 long, not 100) against the same pump without it, compiled once, solved per
// iteration. A failed frame runs every retry (perturbed starts, other branches) before it gives
// up and reports the constraints that are off, so it costs many solved frames.
void solvePump(benchmark::State& state, const std::string& text) {
    const auto script = bench::compileText(text, MOVIMENTUM_SOURCE_DIR "/samples");
    const bench::SolveCounts counts = bench::solveAndCount(state, script);
    state.counters["per_frame"] = bench::timePer(double(counts.frames));
    state.counters["failed_share"] =
        counts.frames ? double(counts.failed) / double(counts.frames) : 0;
}

void BM_PumpSolvedFrames(benchmark::State& state) {
    solvePump(state, pumpText());
}
BENCHMARK(BM_PumpSolvedFrames)->Unit(benchmark::kMillisecond);

void BM_PumpFailedFrames(benchmark::State& state) {
    std::string text = pumpText();
    // Into the first step, so the constraint holds in every frame.
    const size_t firstStep = text.find("\n", text.find("@000.0"));
    if (firstStep == std::string::npos) {
        state.SkipWithError("pump sample changed");
        return;
    }
    text.insert(firstStep + 1, "          (Crank.Q - Crank.P).length = 100;\n");
    solvePump(state, text);
}
BENCHMARK(BM_PumpFailedFrames)->Unit(benchmark::kMillisecond);

// The pump turning for 599 s after its second of rest: 15,001 frames. The same solve through
// Python is bench/python_solve_bench.py (docs/python.md compares the two).
void BM_Pump15001Frames(benchmark::State& state) {
    const auto script = bench::pumpSample(599);
    const size_t frames = bench::solveEachIteration(state, script);
    state.counters["frames"] = double(frames) / double(state.iterations());
}
BENCHMARK(BM_Pump15001Frames)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
