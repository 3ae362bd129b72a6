// A constraint said many times is one equation (docs/reference.md#conflicts): the Kapitza sample
// with one line repeated 300 times builds the rows of the sample itself and moves exactly as it
// does.

#include <catch2/catch.hpp>

#include "core/model/frame_plan.h"
#include "script_text.h"
#include "solver/kinematics/segment_problem.h"

using namespace mv;
using mv::kinematics_test::compileText;

namespace {

std::string kapitzaText() {
    std::ifstream in(MOVIMENTUM_SOURCE_DIR "/samples/kapitza.movimentum");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The sample with its rod's constraint written `copies` more times, in the same step.
std::string withRepeats(int copies) {
    const std::string line = "RodUp.B = RodUp.A + [0,-100].rotate(Up.theta);";
    std::string text = kapitzaText();
    std::string repeated;
    for (int i = 0; i < copies; ++i) repeated += "\n    " + line;
    const size_t at = text.find(line);
    REQUIRE(at != std::string::npos);
    return text.insert(at + line.size(), repeated);
}

}  // namespace

TEST_CASE("a constraint repeated 300 times is one row and moves the same", "[solver][structure]") {
    const auto once = compileText(kapitzaText(), MOVIMENTUM_SOURCE_DIR "/samples");
    const auto repeated = compileText(withRepeats(300), MOVIMENTUM_SOURCE_DIR "/samples");
    const FramePlan plan = planFrames(*repeated);
    REQUIRE(plan.segments.size() == 1);
    const SegmentProblem one(*once, planFrames(*once).segments[0]);
    const SegmentProblem many(*repeated, plan.segments[0]);
    CHECK(many.residualCount() == one.residualCount());
    CHECK(many.constraints().size() == one.constraints().size());
    CHECK(analyseStructure(many).rowColumns == analyseStructure(one).rowColumns);

    SolveOptions firstSecond;
    firstSecond.endFrame = 25;
    const Animation a = solveAnimation(once, firstSecond);
    const Animation b = solveAnimation(repeated, firstSecond);
    REQUIRE(a.frames.size() == b.frames.size());
    CHECK(b.failedFrames() == 0);
    for (size_t f = 0; f < a.frames.size(); ++f) {
        INFO("frame " << f);
        for (size_t t = 0; t < a.frames[f].poses.size(); ++t) {
            CHECK(b.frames[f].poses[t].x == a.frames[f].poses[t].x);
            CHECK(b.frames[f].poses[t].angle == a.frames[f].poses[t].angle);
        }
    }
}
