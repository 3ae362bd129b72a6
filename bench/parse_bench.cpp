// Lexing and parsing cost: the pump of docs/reference.md#a-complete-example, and a generated script
// that grows with the number of things, to show the front end is linear in the text. Timings go to
// docs, not tests.

#include <benchmark/benchmark.h>

#include <string>

#include "core/text/lexer.h"
#include "core/text/parser.h"
#include "core/text/source_text.h"
#include "tests/support/example_script.h"

namespace {

const std::string kPump = readExampleScript("pump.movimentum");

// `things` bars in a chain, each tied to the one before, over two steps.
std::string chain(int things) {
    std::string defs, first = "@0 B0.P = [0,0];\n", second = "@+1\n";
    for (int i = 0; i < things; ++i) {
        const std::string name = "B" + std::to_string(i);
        defs += name + " : .bar P = [0,0] Q = P + [10, 0];\n";
        if (i == 0) continue;
        const std::string before = "B" + std::to_string(i - 1);
        first += name + ".P = " + before + ".Q;\n";
        second += name + ".Q = " + name + ".P + [l" + std::to_string(i) + ", 0].rotate(30° * t);\n";
    }
    return defs + first + second;
}

void lexPump(benchmark::State& state) {
    const mv::SourceText source("pump", kPump);
    for (auto _ : state) {
        mv::Diagnostics diagnostics;
        benchmark::DoNotOptimize(mv::lex(source, diagnostics));
    }
}
BENCHMARK(lexPump);

void parsePump(benchmark::State& state) {
    const mv::SourceText source("pump", kPump);
    for (auto _ : state) {
        mv::Diagnostics diagnostics;
        benchmark::DoNotOptimize(mv::parse(source, diagnostics));
    }
}
BENCHMARK(parsePump);

void parseChain(benchmark::State& state) {
    const mv::SourceText source("chain", chain(static_cast<int>(state.range(0))));
    for (auto _ : state) {
        mv::Diagnostics diagnostics;
        benchmark::DoNotOptimize(mv::parse(source, diagnostics));
    }
    state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(source.text().size()));
    state.SetComplexityN(state.range(0));
}
BENCHMARK(parseChain)->RangeMultiplier(4)->Range(4, 1024)->Complexity(benchmark::oN);

}  // namespace

// Locating every diagnostic on one long line (`x;` repeated): each lookup reads at most a
// checkpoint's span of bytes, so the cost per lookup stays flat as the line grows (it was
// quadratic when every lookup counted its column from the line's start).
void locateOnLongLine(benchmark::State& state) {
    std::string line;
    for (int64_t i = 0; i < state.range(0); ++i) line += "x;";
    const mv::SourceText source("long.movimentum", line);
    for (auto _ : state) {
        long long sum = 0;
        for (uint32_t offset = 0; offset < line.size(); offset += 2)
            sum += source.location(offset).column;
        benchmark::DoNotOptimize(sum);
    }
    state.SetComplexityN(state.range(0));
}
BENCHMARK(locateOnLongLine)->RangeMultiplier(8)->Range(1000, 512000)->Complexity(benchmark::oN);

BENCHMARK_MAIN();
