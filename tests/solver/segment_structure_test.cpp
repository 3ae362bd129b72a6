// The structure of a segment on small incidence patterns whose decomposition is known by hand: the
// block order of a chain, a cycle as one block, the row written last left over, the free part.

#include <catch2/catch.hpp>

#include "solver/structure/row_matching.h"
#include "solver/structure/segment_structure.h"

using namespace mv;

TEST_CASE("rows are matched in order and a row once matched stays matched", "[solver][structure]") {
    // Rows 0 and 1 both need column 0 only; row 2 can take 0 or 1.
    const RowMatching m = matchRows({{0}, {0}, {0, 1}}, {false, false, false}, 2);
    CHECK(m.columnOfRow == std::vector<int>{0, -1, 1});
    CHECK(m.rowOfColumn == std::vector<int>{0, 2});
}

TEST_CASE("an augmenting path moves an earlier row to another column", "[solver][structure]") {
    const RowMatching m = matchRows({{0, 1}, {0}}, {false, false}, 2);
    CHECK(m.columnOfRow == std::vector<int>{1, 0});
}

TEST_CASE("a chain becomes one block per unknown, in dependency order", "[solver][structure]") {
    // x2 = f(x1), x1 = f(x0), x0 = c, written backwards.
    const SegmentStructure s = analyseStructure({{1, 2}, {0, 1}, {0}}, {false, false, false}, 3);
    REQUIRE(s.blocks.size() == 3);
    CHECK(s.blocks[0].columns == std::vector<int>{0});
    CHECK(s.blocks[1].columns == std::vector<int>{1});
    CHECK(s.blocks[2].columns == std::vector<int>{2});
    CHECK(s.blocks[2].rows == std::vector<int>{0});
}

TEST_CASE("equations that need each other form one square block", "[solver][structure]") {
    const SegmentStructure s = analyseStructure({{0}, {1, 2}, {1, 2}}, {false, false, false}, 3);
    REQUIRE(s.blocks.size() == 2);
    CHECK(s.blocks[1].columns == std::vector<int>{1, 2});
    CHECK(s.blocks[1].kind == StructureBlock::Kind::Square);
}

TEST_CASE("a row said again is a check, and joins the blocks it reads", "[solver][structure]") {
    // Rows 0 and 1 fix columns 0 and 1 apart; row 2 reads both and is left over.
    const SegmentStructure s =
        analyseStructure({{0}, {1}, {0, 1}, {1}}, {false, false, false, true}, 2);
    REQUIRE(s.blocks.size() == 1);
    CHECK(s.blocks[0].columns == std::vector<int>{0, 1});
    CHECK(s.blocks[0].checks == std::vector<int>{2, 3});
    CHECK(s.support(2) == std::vector<int>{0, 1});
}

TEST_CASE("unknowns no row fixes and what they reach are the free part", "[solver][structure]") {
    // Column 0 fixed; row 1 ties columns 1 and 2, which nothing else fixes; column 3 is untouched.
    const SegmentStructure s = analyseStructure({{0}, {1, 2}}, {false, false}, 4);
    REQUIRE(s.blocks.size() == 3);
    CHECK(s.blocks[0].kind == StructureBlock::Kind::Square);
    CHECK(s.blocks[1].kind == StructureBlock::Kind::Free);
    CHECK(s.blocks[1].columns == std::vector<int>{1, 2});
    CHECK(s.blocks[1].rows == std::vector<int>{1});
    CHECK(s.blocks[2].columns == std::vector<int>{3});
}
