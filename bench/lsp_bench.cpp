// The language server's work per request, in-process (docs/performance.md): an edit compiled and
// its diagnostics made ready to publish, a hover on a solved document, the semantic tokens and
// the formatting of a whole document; on the pump and on a generated script of 1,000 lines (250
// bars, each placed in a step's statement). Reported as CPU time; the figures go into
// docs/performance.md beside the budgets, never into a test.

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "bench/bench_scripts.h"
#include "core/text/script_format.h"
#include "lsp/diagnostics_json.h"
#include "lsp/document.h"
#include "lsp/hover.h"
#include "lsp/semantic_tokens.h"

namespace {

using namespace mv;
using namespace mv::lsp;

std::string pumpText() {
    std::ifstream in(MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// 1,000 lines: 250 bar definitions, then a marker and 750 statements placing them in a row.
std::string thousandLines() {
    std::ostringstream s;
    s << ".config(25, 4000, 400);\n";
    for (int i = 0; i < 249; ++i) s << "B" << i << " : .bar A = [0,0] B = [10,0];\n";
    s << "@0 B0.A = [0,0];\n";
    for (int i = 0; i < 249; ++i) {
        s << "   B" << i << ".B = B" << i << ".A + [10, 0].rotate(10° * t);\n";
        if (i + 1 < 249) s << "   B" << i + 1 << ".A = B" << i << ".B;\n";
        s << "   // bar " << i << "\n";
    }
    s << "@1\n";
    return s.str();
}

ImageResolverFactory diskImages() {
    return [](const std::string& folder) { return std::make_unique<test::DiskImages>(folder); };
}

Document opened(const std::string& text, bool solve) {
    Document document;
    document.uri = "file://" MOVIMENTUM_SOURCE_DIR "/samples/bench.movimentum";
    document.folder = MOVIMENTUM_SOURCE_DIR "/samples";
    document.update(text, 1, diskImages());
    if (solve && document.script)
        document.animation = std::make_shared<const Animation>(solveAnimation(document.script));
    return document;
}

const std::string& script(int which) {
    static const std::string pump = pumpText(), large = thousandLines();
    return which == 0 ? pump : large;
}

void BM_EditToDiagnostics(benchmark::State& state) {
    Document document = opened(script(int(state.range(0))), false);
    int version = 2;
    for (auto _ : state) {
        document.update(script(int(state.range(0))), version++, diskImages());
        benchmark::DoNotOptimize(publishDiagnosticsParams(document.uri, version, *document.source,
                                                          document.compileDiagnostics,
                                                          PositionEncoding::Utf16));
    }
}
BENCHMARK(BM_EditToDiagnostics)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_HoverWithValues(benchmark::State& state) {
    const Document document = opened(script(0), true);
    const std::string& text = script(0);
    const size_t at = text.find("Crank.Q = Crank.P + [c");
    const auto line =
        static_cast<uint32_t>(std::count(text.begin(), text.begin() + long(at), '\n'));
    const auto column = static_cast<uint32_t>(at - text.rfind('\n', at) - 1 + 6);
    for (auto _ : state)
        benchmark::DoNotOptimize(hoverText(document, {line, column}, PositionEncoding::Utf16));
}
BENCHMARK(BM_HoverWithValues)->Unit(benchmark::kMicrosecond);

void BM_SemanticTokens(benchmark::State& state) {
    const Document document = opened(script(int(state.range(0))), false);
    for (auto _ : state)
        benchmark::DoNotOptimize(semanticTokens(document, PositionEncoding::Utf16));
}
BENCHMARK(BM_SemanticTokens)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_Formatting(benchmark::State& state) {
    const SourceText source("bench", script(int(state.range(0))));
    for (auto _ : state) benchmark::DoNotOptimize(formatScript(source));
}
BENCHMARK(BM_Formatting)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
