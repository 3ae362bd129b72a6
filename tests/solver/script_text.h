#pragma once
// Solver tests that state their mechanism as a user writes it: compile a script's text (no images),
// then read anchors of the solved frames by name.

#include <catch2/catch.hpp>
#include <cmath>
#include <fstream>
#include <memory>
#include <numbers>
#include <sstream>
#include <string>

#include "core/compile.h"
#include "solver/api/animation.h"
#include "tests/support/disk_images.h"

namespace mv::kinematics_test {

inline std::shared_ptr<const Script> compileText(const std::string& text,
                                                 const std::string& folder = ".") {
    const CompileResult compiled = compileScript(
        std::make_shared<const SourceText>("test.movimentum", text), test::DiskImages(folder));
    REQUIRE(compiled.script);
    for (const Diagnostic& d : compiled.diagnostics)
        INFO(formatDiagnostic(*compiled.script->source, d));
    REQUIRE(compiled.diagnostics.empty());
    return compiled.script;
}

// The text of samples/pump.movimentum, to edit before compiling (with the samples' folder).
inline std::string pumpText() {
    std::ifstream in(MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline double degrees(double radians) {
    return radians * 180 / std::numbers::pi;
}

// An angle in degrees brought into [-180, 180].
inline double wrapDegrees(double a) {
    return std::remainder(a, 360.0);
}

inline Vec2 anchorAt(const Script& script, const FrameSolution& frame, const char* thing,
                     const char* anchor) {
    const int t = script.thingIndex(thing);
    const Thing& th = script.things[size_t(t)];
    return frame.poses[size_t(t)].apply(th.anchors[size_t(th.anchorIndex(anchor))].local);
}

}  // namespace mv::kinematics_test
