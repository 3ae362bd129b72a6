// The rates a kernel that reads no input keeps (solver/motion/still_rates.h): given back only
// where everything it read is the same bits, its sources' rates as much as their values.

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

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
        still.noteWhere(sources.data(), values.data());
        std::vector<Taylor> found(3);
        found[2] = Taylor(10, 0.5, 0.25);
        still.keep(columns, found, std::vector<Block>{{true}});
    }
};

}  // namespace

TEST_CASE("StillRates keeps nothing until it is given rates") {
    const std::vector<Taylor> sources(2);
    const std::vector<double> values(1);
    StillRates still(nullptr, 2, 1, 1);
    CHECK_FALSE(still.keptAt(sources.data(), values.data()));
    still.noteWhere(sources.data(), values.data());
    CHECK_FALSE(still.keptAt(sources.data(), values.data()));  // noted, not yet found
}

TEST_CASE("StillRates gives back the rates where the kernel reads the same") {
    Kept k;
    REQUIRE(k.still.keptAt(k.sources.data(), k.values.data()));
    std::vector<Taylor> unknowns{Taylor(7, 1, 1), Taylor(8, 1, 1), Taylor(10)};
    std::vector<Block> blocks{{false}};
    k.still.restore(k.columns, unknowns, blocks);
    CHECK(unknowns[2].v == 10);  // the value is the frame's own
    CHECK(unknowns[2].d1 == 0.5);
    CHECK(unknowns[2].d2 == 0.25);
    CHECK(blocks[0].defined);
    CHECK(unknowns[0].d1 == 1);  // another block's unknown is left alone
}

TEST_CASE("StillRates gives nothing back where anything the kernel reads moved") {
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
    CHECK_FALSE(k.still.keptAt(k.sources.data(), k.values.data()));
}

TEST_CASE("StillRates gives back where a source is not a number as it was") {
    Kept k;
    k.sources[1].d2 = std::numeric_limits<double>::quiet_NaN();
    k.still.noteWhere(k.sources.data(), k.values.data());
    std::vector<Taylor> found(3);
    k.still.keep(k.columns, found, std::vector<Block>{{false}});
    CHECK(k.still.keptAt(k.sources.data(), k.values.data()));
}
