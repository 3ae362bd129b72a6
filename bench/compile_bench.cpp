// Front-end cost after an edit: compileScript (lex, parse, analyse) and planFrames on the pump of
// docs/reference.md#a-complete-example, and on a generated chain of bars that grows with the number
// of things and of steps, to show the analysis and the keyed store stay linear. Timings go to docs,
// not tests.

#include <benchmark/benchmark.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "core/compile.h"
#include "core/model/frame_plan.h"
#include "tests/support/disk_images.h"

namespace {

const std::string kExamples = std::string(MOVIMENTUM_SOURCE_DIR) + "/tests/language/examples";

std::string pump() {
    std::ifstream file(kExamples + "/pump.movimentum");
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

// `things` bars in a chain over `things` steps: each step turns one more link, replacing the key
// the step before it used, so the store sees a constraint end at every step.
std::string chain(int things) {
    std::string text = ".config(25, 800, 600);\n";
    for (int i = 0; i < things; ++i)
        text += "B" + std::to_string(i) + " : .bar P = [0,0] Q = P + [10, 0];\n";
    text += "@0 B0.P = [0,0];\n";
    for (int i = 1; i < things; ++i)
        text += "   B" + std::to_string(i) + ".P = B" + std::to_string(i - 1) + ".Q;\n";
    for (int i = 0; i < things; ++i) {
        const std::string name = "B" + std::to_string(i);
        text += "@+0.2 " + name + ".Q = " + name + ".P + [l" + std::to_string(i) +
                ", 0].rotate(30° * t); turn: a = t;\n";
    }
    return text;
}

void compileAndPlan(benchmark::State& state, const std::string& text) {
    const auto source = std::make_shared<const mv::SourceText>("bench.movimentum", text);
    size_t frames = 0;
    for (auto _ : state) {
        const mv::CompileResult result = mv::compileScript(source, mv::test::DiskImages(kExamples));
        if (!result.script) {
            state.SkipWithError("the script does not compile");
            return;
        }
        const mv::FramePlan plan = mv::planFrames(*result.script);
        frames = plan.frames.size();
        benchmark::DoNotOptimize(plan.segments.data());
    }
    state.counters["frames"] = static_cast<double>(frames);
}

void BM_CompilePump(benchmark::State& state) {
    const std::string text = pump();
    const auto source = std::make_shared<const mv::SourceText>("pump", text);
    for (auto _ : state)
        benchmark::DoNotOptimize(mv::compileScript(source, mv::test::DiskImages(kExamples)).script);
}
BENCHMARK(BM_CompilePump);

void BM_CompileAndPlanPump(benchmark::State& state) {
    compileAndPlan(state, pump());
}
BENCHMARK(BM_CompileAndPlanPump);

void BM_CompileAndPlanChain(benchmark::State& state) {
    compileAndPlan(state, chain(static_cast<int>(state.range(0))));
    state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_CompileAndPlanChain)->RangeMultiplier(4)->Range(4, 256)->Complexity();

}  // namespace

BENCHMARK_MAIN();
