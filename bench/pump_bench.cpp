// The whole pump sample (samples/pump.movimentum, 301 frames) as the editor redoes it after an
// edit: parse, analyse and solve every frame; and the same with the animation cache after an edit
// of the last step, when only the last segment is solved again.

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "core/compile.h"
#include "solver/animation.h"
#include "solver/animation_cache.h"
#include "tests/support/disk_images.h"

namespace {

using namespace mv;

std::string pumpText() {
    std::ifstream in(MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
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
        if (animation.frames.size() < 300 || animation.failedFrames() != 0) state.SkipWithError("pump not solved");
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

}  // namespace

BENCHMARK_MAIN();
