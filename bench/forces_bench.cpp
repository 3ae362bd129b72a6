// What the forces (docs/mechanics.md, "Forces") add to a solve, each machine side by side with
// and without masses in one run: the pump sample (326 frames) with a mass on every part, the
// slider-crank example of samples/slider_crank_forces.movimentum, and the chain of BM_Chain with
// a mass on every bar (the cost per bar should stay flat from 10 to 1,000 bars: the multipliers
// are solved block by block). And what `solve --json` writes for the massive pump over 600 s.
// Figures in docs/performance.md ("Forces").

#include <benchmark/benchmark.h>

#include <cstdio>

#include "bench/bench_scripts.h"
#include "solver/api/solve_output.h"

namespace {

using namespace mv;

// A mass on each of the pump's parts, centred on an anchor (an image says nothing of where its
// mass is), and Earth's gravity in millimetres.
std::string withPumpMasses(std::string text) {
    const size_t marker = text.find("@000.0");
    if (marker == std::string::npos) throw std::runtime_error("pump sample changed");
    text.insert(marker,
                "Earth : .gravity g = [0, -9.81] scale = 1000;\n"
                "EngineMass : .mass target = Engine m = 5 at = Engine.P;\n"
                "CrankMass : .mass target = Crank m = 0.5 J = 1e-4 at = Crank.P;\n"
                "PistonMass : .mass target = Piston m = 0.4 at = Piston.P;\n"
                "ConrodMass : .mass target = Conrod m = 0.3 J = 5e-4 at = Conrod.P;\n");
    return text;
}

std::shared_ptr<const Script> pump(bool masses, int seconds = 12) {
    std::string text = bench::sampleText("pump.movimentum");
    const std::string last = "@+12.0";
    text.replace(text.rfind(last), last.size(), "@+" + std::to_string(seconds) + ".0");
    if (masses) text = withPumpMasses(text);
    return bench::compileText(text, std::string(MOVIMENTUM_SOURCE_DIR) + "/samples");
}

// The sample as it is, or without its masses and gravity (their definitions are the lines that
// say `.mass` or `.gravity`).
std::string sliderCrank(bool masses) {
    std::string text = bench::sampleText("slider_crank_forces.movimentum");
    if (masses) return text;
    std::string kept;
    size_t begin = 0;
    while (begin < text.size()) {
        size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(begin, end - begin + 1);
        if (line.find(".mass") == std::string::npos && line.find(".gravity") == std::string::npos)
            kept += line;
        begin = end + 1;
    }
    return kept;
}

std::string chainWithMasses(int bars, bool masses) {
    std::string text = bench::chain(bars, 1);
    if (!masses) return text;
    std::string definitions;
    for (int i = 0; i < bars; ++i)
        definitions +=
            "M" + std::to_string(i) + " : .mass target = B" + std::to_string(i) + " m = 1;\n";
    text.insert(text.find("@0"), definitions);
    return text;
}

// Arg 0: without masses, 1: with.
void BM_PumpForces(benchmark::State& state) {
    const size_t frames = bench::solveEachIteration(state, pump(state.range(0) != 0));
    state.counters["per_frame"] = bench::timePer(double(frames));
}
BENCHMARK(BM_PumpForces)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_SliderCrankForces(benchmark::State& state) {
    const auto script = bench::compileText(sliderCrank(state.range(0) != 0));
    const size_t frames = bench::solveEachIteration(state, script);
    state.counters["per_frame"] = bench::timePer(double(frames));
}
BENCHMARK(BM_SliderCrankForces)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Args: bars, masses.
void BM_ChainForces(benchmark::State& state) {
    const int bars = int(state.range(0));
    const auto script = bench::compileText(chainWithMasses(bars, state.range(1) != 0));
    const size_t frames = bench::solveEachIteration(state, script);
    state.counters["per_frame_per_bar"] = bench::timePer(double(frames) * bars);
}
BENCHMARK(BM_ChainForces)
    ->Args({10, 0})
    ->Args({10, 1})
    ->Args({1000, 0})
    ->Args({1000, 1})
    ->Unit(benchmark::kMillisecond);

// `solve --json` of the pump turning for 600 s (15,026 frames), with and without masses: the
// forces are 7 constraints' loads, the energy and the unheld loads a frame.
void BM_WriteJsonLongPump(benchmark::State& state) {
    const Animation animation = solveAnimation(pump(state.range(0) != 0, 600));
    std::FILE* sink = std::fopen("/dev/null", "w");
    for (auto _ : state) {
        OutputBuffer out(sink);
        writeSolveJson(out, *animation.script->source, {}, animation, FrameRange::from(0));
        out.flush();
    }
    std::fclose(sink);
}
BENCHMARK(BM_WriteJsonLongPump)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
