// The rates a kernel that reads no input keeps (solver/motion/still_rates.h): given back only
// where everything it read is the same bits, its sources' rates as much as their values; and
// kept only by the blocks that may stand at all.

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "core/model/frame_plan.h"
#include "script_text.h"
#include "solver/kinematics/segment_model.h"
#include "solver/motion/still_rates.h"

using namespace mv;

namespace {

struct Block {
    bool defined = false;
};

// Two sources (an earlier block's x moving at 3, and a constant), one unknown at 10: the rates a
// kernel found there, 0.5 and 0.25, for the unknown that is the problem's third.
struct Kept {
    std::vector<Taylor> sources{Taylor(1, 3, 0), Taylor(2)};
    std::vector<double> values{10};
    std::vector<int> columns{2};
    StillRates still{nullptr, 2, 1, 1};
    Kept() {
        CHECK_FALSE(still.standsAt(sources.data(), values.data()));  // nothing kept yet
        std::vector<Taylor> found(3);
        found[2] = Taylor(10, 0.5, 0.25);
        still.keep(columns, found, std::vector<Block>{{true}});
    }
};

}  // namespace

TEST_CASE("StillRates keeps nothing until it is given rates", "[solver][motion]") {
    const std::vector<Taylor> sources(2);
    const std::vector<double> values(1);
    StillRates still(nullptr, 2, 1, 1);
    CHECK_FALSE(still.standsAt(sources.data(), values.data()));
    CHECK_FALSE(still.standsAt(sources.data(), values.data()));  // noted, not yet found
}

TEST_CASE("StillRates gives back the rates where the kernel reads the same", "[solver][motion]") {
    Kept k;
    REQUIRE(k.still.standsAt(k.sources.data(), k.values.data()));
    std::vector<Taylor> unknowns{Taylor(7, 1, 1), Taylor(8, 1, 1), Taylor(10)};
    std::vector<Block> blocks{{false}};
    k.still.restore(k.columns, unknowns, blocks);
    CHECK(unknowns[2].v == 10);  // the value is the frame's own
    CHECK(unknowns[2].d1 == 0.5);
    CHECK(unknowns[2].d2 == 0.25);
    CHECK(blocks[0].defined);
    CHECK(unknowns[0].d1 == 1);  // another block's unknown is left alone
}

TEST_CASE("StillRates gives nothing back where anything the kernel reads moved",
          "[solver][motion]") {
    Kept k;
    SECTION("a source's rate, its value the same") {
        k.sources[0].d1 = 4;
    }
    SECTION("a source's second-order part") {
        k.sources[0].d2 = 1e-300;
    }
    SECTION("the kernel's unknown by one unit in the last place") {
        k.values[0] = std::nextafter(10.0, 11.0);
    }
    SECTION("a zero that turned negative") {
        k.sources[1].d1 = -0.0;
    }
    CHECK_FALSE(k.still.standsAt(k.sources.data(), k.values.data()));
    // Nor where it stood before, until new rates are kept: those would be another place's.
    k.sources = Kept().sources;
    k.values = Kept().values;
    CHECK_FALSE(k.still.standsAt(k.sources.data(), k.values.data()));
}

TEST_CASE("StillRates gives back where a source is not a number as it was", "[solver][motion]") {
    Kept k;
    k.sources[1].d2 = std::numeric_limits<double>::quiet_NaN();
    CHECK_FALSE(k.still.standsAt(k.sources.data(), k.values.data()));
    std::vector<Taylor> found(3);
    k.still.keep(k.columns, found, std::vector<Block>{{false}});
    CHECK(k.still.standsAt(k.sources.data(), k.values.data()));
}

// `Engine.P = [60,180]`: a kernel that reads nothing but its own unknowns has no sources at all.
TEST_CASE("StillRates of a kernel with no sources stands where its unknowns do",
          "[solver][motion]") {
    const std::vector<double> values{60, 180};
    const std::vector<int> columns{0, 1};
    StillRates still(nullptr, 0, 2, 1);
    CHECK_FALSE(still.standsAt(nullptr, values.data()));
    still.keep(columns, std::vector<Taylor>(2), std::vector<Block>{{true}});
    CHECK(still.standsAt(nullptr, values.data()));
    const std::vector<double> moved{60, 181};
    CHECK_FALSE(still.standsAt(nullptr, moved.data()));
}

// A frame at rest with a crank turning on it: the frame's pose, the crank's hub placed from it
// and the frame's `_` read no input, nor anything that moves; the crank's angle and length (its
// drive reads t), the rod pinned to it and the rod's end `x` move.
TEST_CASE("only the blocks that read no input, nor what moves, may stand", "[solver][motion]") {
    const auto script = kinematics_test::compileText(
        ".config(25, 400, 300);\n"
        "Frame : .bar P = [0,0] Q = [10,0];\n"
        "Crank : .bar P = [0,0] Q = [10,0];\n"
        "Rod : .bar A = [0,0] B = [40,0];\n"
        "@0 Frame.P = [100,100]; Frame.Q = Frame.P + [_,0];\n"
        "   Crank.P = Frame.P + [50,0]; Crank.Q = Crank.P + [c,0].rotate(90° * t);\n"
        "   Rod.A = Crank.Q; Rod.B = [x, 100];\n"
        "@2\n");
    const FramePlan plan = planFrames(*script);
    SegmentModel model(*script, plan.segments[0]);
    std::set<int> standing;  // the unknowns that may stand
    for (const UnknownBlock& b : model.problem.blocks()) {
        const bool pose = b.kind == UnknownBlock::Kind::Pose;
        const std::string name =
            pose ? script->things[b.thing].name : script->variables[b.variable].name;
        const int count = name == "Frame" || name == "_" ? b.size : name == "Crank" ? 2 : 0;
        for (int k = 0; k < count; ++k) standing.insert(b.offset + k);
    }
    REQUIRE(standing.size() == 6);
    const std::vector<StructureBlock>& blocks = model.structure.blocks;
    const std::vector<char> may = blocksThatMayStand(model.problem, model.structure, blocks);
    REQUIRE(may.size() == blocks.size());
    for (size_t b = 0; b < blocks.size(); ++b) {
        for (int c : blocks[b].columns) {
            INFO("block " << b << ", unknown " << c);
            CHECK(bool(may[b]) == standing.count(c) > 0);
        }
    }
}
