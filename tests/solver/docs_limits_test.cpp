// docs/troubleshooting.md quotes the program's limits; a number in the docs is a promise, so each
// is checked here against the constant that enforces it.

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>

#include "core/diagnostics/limits.h"
#include "core/model/frame_plan.h"
#include "solver/kinematics/segment_solver.h"
#include "solver/mechanics/work_budget.h"

using namespace mv;

namespace {

std::string troubleshooting() {
    std::ifstream file(MOVIMENTUM_SOURCE_DIR "/docs/troubleshooting.md", std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::string count(double value) {
    return std::to_string(static_cast<long>(value));
}

}  // namespace

TEST_CASE("docs/troubleshooting.md quotes the limits the program enforces", "[docs]") {
    const std::string page = troubleshooting();
    REQUIRE(!page.empty());
    const std::string canvas = canvasSizeProblem(1e5, 1e5, 1)->text;
    const std::string quotes[] = {
        "larger than " + count(kMaxScriptBytes / (1024 * 1024)) + " MiB",
        "scripts are at most " + count(kMaxScriptBytes / (1024 * 1024)) + " MiB",
        canvas.substr(canvas.find("the limit is")),
        "at most " + count(kMaxCanvasSide) + " px per side and " + count(kMaxCanvasPixels / 1e6) +
            " Mpx in all",
        "at most " + count(WorkBudget::kFixed) + " evaluations plus " +
            count(WorkBudget::kPerFrame) + " per frame",
        "more than " + count(kMaxReflectionsPerFrame) + " reflections between two frames",
        "at most " + count(kMaxReflectionsPerFrame) + " bounces",
        "needed more than " + count(kMaxSubsteps) + " sub-steps",
        "in at most " + count(kMaxSubsteps) + " sub-steps",
        "(" + count(kSubstepsPerFrameBudget) + " a frame on average)",
        "at most " + count(kSubstepsPerFrameBudget) + " sub-steps a frame on average",
        "more than " + count(kMaxFrames) + " frames",
        "at most " + count(kMaxFrames) + " frames",
    };
    for (const std::string& quote : quotes) {
        INFO(quote);
        CHECK(page.find(quote) != std::string::npos);
    }
}
