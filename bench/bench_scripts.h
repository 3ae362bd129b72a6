#pragma once
// Scripts the benchmarks solve, as text, compiled like the command line compiles a file.

#include <memory>
#include <stdexcept>
#include <string>

#include <benchmark/benchmark.h>

#include "core/compile.h"
#include "solver/animation.h"
#include "tests/support/disk_images.h"

namespace mv::bench {

inline std::shared_ptr<const Script> compileText(const std::string& text, const std::string& folder = ".") {
    CompileResult result = compileScript(std::make_shared<const SourceText>("bench", text),
                                         mv::test::DiskImages(folder));
    if (!result.script) throw std::runtime_error("benchmark script does not compile");
    return result.script;
}

// The crank-slider of the solver tests, turning for `seconds` at 25 fps.
inline std::string crankSlider(int seconds) {
    return ".config(25, 640, 360);\n"
           "Crank : .bar P = [0,0] Q = [30,0];\n"
           "Rod : .bar A = [0,0] B = [100,0];\n"
           "Slider : .bar P = [0,0] Q = [1,0];\n"
           "@0 Crank.P = [200,150]; Crank.Q = Crank.P + [c,0].rotate(180° * t);\n"
           "   Rod.A = Crank.Q; Rod.B = [x, 150]; x < Crank.P.x;\n"
           "   Slider.P = Rod.B; Slider.Q = Slider.P + [_,0];\n"
           "@" + std::to_string(seconds) + "\n";
}

// A chain of `bars` bars of length 10, each turned by its own variable, for `seconds` at 25 fps.
inline std::string chain(int bars, int seconds) {
    std::string text = ".config(25, 12000, 12000);\n";
    for (int i = 0; i < bars; ++i) text += "B" + std::to_string(i) + " : .bar P = [0,0] Q = [10,0];\n";
    text += "@0 B0.P = [100,100];\n";
    for (int i = 0; i < bars; ++i) {
        const std::string b = "B" + std::to_string(i);
        if (i > 0) text += b + ".P = B" + std::to_string(i - 1) + ".Q; ";
        text += b + ".Q = " + b + ".P + [c" + std::to_string(i) + ",0].rotate(45° * t);\n";
    }
    return text + "@" + std::to_string(seconds) + "\n";
}

// Solves the whole animation once per iteration and returns how many frames were solved in all,
// so a benchmark can report the time per frame (and per part) as counters.
inline size_t solveEachIteration(benchmark::State& state, const std::shared_ptr<const Script>& script) {
    size_t frames = 0;
    for (auto _ : state) {
        const Animation animation = solveAnimation(script);
        frames += animation.frames.size();
        if (animation.failedFrames() != 0) state.SkipWithError("frames failed");
    }
    return frames;
}

inline benchmark::Counter timePer(double count) {
    return benchmark::Counter(count, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

}  // namespace mv::bench
