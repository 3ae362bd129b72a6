#pragma once
// Scripts the benchmarks solve, as text, compiled like the command line compiles a file.

#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

#include <benchmark/benchmark.h>

#include "core/compile.h"
#include "solver/api/animation.h"
#include "tests/support/disk_images.h"

namespace mv::bench {

inline std::shared_ptr<const Script> compileText(const std::string& text,
                                                 const std::string& folder = ".") {
    CompileResult result = compileScript(std::make_shared<const SourceText>("bench", text),
                                         mv::test::DiskImages(folder));
    for (const Diagnostic& d : result.diagnostics)
        if (d.severity == Severity::Error)
            throw std::runtime_error("benchmark script does not compile: " + d.message);
    if (!result.script) throw std::runtime_error("benchmark script does not compile");
    return result.script;
}

// The crank-slider of the solver tests, turning for `seconds` at 25 fps (7.2° per frame). With
// a crank almost as long as the rod it passes close to its toggle position every half turn.
inline std::string crankSlider(int seconds, double crank = 30, double rod = 100) {
    return ".config(25, 640, 360);\n"
           "Crank : .bar P = [0,0] Q = [" +
           std::to_string(crank) +
           ",0];\n"
           "Rod : .bar A = [0,0] B = [" +
           std::to_string(rod) +
           ",0];\n"
           "Slider : .bar P = [0,0] Q = [1,0];\n"
           "@0 Crank.P = [200,150]; Crank.Q = Crank.P + [c,0].rotate(180° * t);\n"
           "   Rod.A = Crank.Q; Rod.B = [x, 150]; x < Crank.P.x;\n"
           "   Slider.P = Rod.B; Slider.Q = Slider.P + [_,0];\n"
           "@" +
           std::to_string(seconds) + "\n";
}

// A chain of `bars` bars of length 10, each turned by its own variable, for `seconds` at 25 fps.
inline std::string chain(int bars, int seconds) {
    std::string text = ".config(25, 6000, 6000);\n";  // within the 40-megapixel canvas limit
    for (int i = 0; i < bars; ++i)
        text += "B" + std::to_string(i) + " : .bar P = [0,0] Q = [10,0];\n";
    text += "@0 B0.P = [100,100];\n";
    for (int i = 0; i < bars; ++i) {
        const std::string b = "B" + std::to_string(i);
        if (i > 0) text += b + ".P = B" + std::to_string(i - 1) + ".Q; ";
        text += b + ".Q = " + b + ".P + [c" + std::to_string(i) + ",0].rotate(45° * t);\n";
    }
    return text + "@" + std::to_string(seconds) + "\n";
}

// `bars` bars of length 10, each on a pin of its own in a grid and turned by its own variable, for
// `seconds` at 25 fps: no bar reads another, so the rates take them all as one run of blocks.
inline std::string separateBars(int bars, int seconds) {
    std::string text = ".config(25, 6000, 6000);\n";
    for (int i = 0; i < bars; ++i)
        text += "B" + std::to_string(i) + " : .bar P = [0,0] Q = [10,0];\n";
    text += "@0\n";
    for (int i = 0; i < bars; ++i) {
        const std::string b = "B" + std::to_string(i);
        text += b + ".P = [" + std::to_string(10 + i % 100 * 50) + "," +
                std::to_string(10 + i / 100 * 50) + "]; " + b + ".Q = " + b + ".P + [c" +
                std::to_string(i) + ",0].rotate(45° * t);\n";
    }
    return text + "@" + std::to_string(seconds) + "\n";
}

// A rigid truss of `cells` x `cells` square cells of side 10, each cut by a diagonal: a bar per
// edge (2 * cells * (cells + 1) sides and cells² diagonals), pinned at the grid's nodes, which are
// vector variables. One corner is fixed and the edge next to it turns 30° per second, so the
// whole truss turns about that corner for `seconds` at 25 fps. The bars' anchors are drawn along
// their edges (a vertical bar is [0,0] to [0,10]), so every bar starts at its solved angle, 0,
// and the first frame only has to find positions.
inline std::string truss(int cells, int seconds) {
    auto node = [](int i, int j) { return "n" + std::to_string(i) + "_" + std::to_string(j); };
    std::string things = ".config(25, 1000, 1000);\n", joins;
    auto bar = [&](const std::string& name, int i, int j, int di, int dj) {
        things += name + " : .bar P = [0,0] Q = [" + std::to_string(10 * di) + "," +
                  std::to_string(10 * dj) + "];\n";
        joins += name + ".P = " + node(i, j) + "; " + name + ".Q = " + node(i + di, j + dj) + ";\n";
    };
    for (int i = 0; i <= cells; ++i) {
        for (int j = 0; j <= cells; ++j) {
            const std::string at = std::to_string(i) + "_" + std::to_string(j);
            if (i < cells) bar("H" + at, i, j, 1, 0);
            if (j < cells) bar("V" + at, i, j, 0, 1);
            if (i < cells && j < cells) bar("D" + at, i, j, 1, 1);
        }
    }
    return things + "@0 " + node(0, 0) + " = [100,100]; " + node(1, 0) + " = " + node(0, 0) +
           " + [c,0].rotate(30° * t);\n" + joins + "@" + std::to_string(seconds) + "\n";
}

// The text of a file in samples/.
inline std::string sampleText(const std::string& name) {
    std::ifstream in(std::string(MOVIMENTUM_SOURCE_DIR) + "/samples/" + name);
    if (!in) throw std::runtime_error("no sample " + name);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// samples/pump.movimentum compiled with its images, its crank turning for `seconds` instead of
// 12 (600: 15,026 frames, the long pump of issue 11).
inline std::shared_ptr<const Script> pumpSample(int seconds = 12) {
    std::string text = sampleText("pump.movimentum");
    const std::string last = "@+12.0";
    const size_t at = text.rfind(last);
    if (at == std::string::npos) throw std::runtime_error("pump sample changed");
    text.replace(at, last.size(), "@+" + std::to_string(seconds) + ".0");
    return compileText(text, std::string(MOVIMENTUM_SOURCE_DIR) + "/samples");
}

// Solves the whole animation once per iteration and counts the frames solved and failed in all,
// for benchmarks that measure failing frames too.
struct SolveCounts {
    size_t frames = 0;
    size_t failed = 0;
    size_t substeps = 0;  // steps along the time path between frames (FrameSummary::substeps)
};

inline SolveCounts solveAndCount(benchmark::State& state,
                                 const std::shared_ptr<const Script>& script) {
    SolveCounts counts;
    for (auto _ : state) {
        const Animation animation = solveAnimation(script);
        counts.frames += animation.frames.size();
        counts.failed += animation.failedFrames();
        for (const FrameSolution& frame : animation.frames)
            counts.substeps += size_t(frame.summary.substeps);
    }
    return counts;
}

// Solves the whole animation once per iteration and returns how many frames were solved in all,
// so a benchmark can report the time per frame (and per part) as counters.
inline size_t solveEachIteration(benchmark::State& state,
                                 const std::shared_ptr<const Script>& script) {
    const SolveCounts counts = solveAndCount(state, script);
    if (counts.failed != 0) state.SkipWithError("frames failed");
    return counts.frames;
}

inline benchmark::Counter timePer(double count) {
    return benchmark::Counter(count, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace mv::bench
