#pragma once
// The structure of a segment's equations (docs/reference.md#solving-a-frame, "parts that do not
// depend on each other are solved apart, in order"): from the graph of which row touches which
// unknown, the segment is split into blocks solved one after the other, each for its own unknowns
// with the earlier ones known. It is computed once per segment and holds no numbers.
//
// - Rows are matched to unknowns (row_matching.h). Unknowns no row is matched to, and every row and
//   unknown reachable from them along alternating paths, form the under-determined part (the free
//   part of the Dulmage-Mendelsohn decomposition); it is split into connected parts, each solved
//   last by least squares, so what is free moves as little as possible.
// - The other matched rows form a directed graph (row r needs the unknown matched to row q: q
// before
//   r); its strongly connected components are the square blocks, sorted so every block comes after
//   those it reads (the block-lower-triangular form). A 1000-bar chain becomes 3000 blocks of one
//   unknown each.
// - Rows left unmatched (the over-determined part: said twice, or in conflict) and inequalities are
//   checks on the block that completes their unknowns. An inequality on a free unknown is a row of
//   its free block instead, where it limits the motion.

#include <vector>

namespace mv {

struct StructureBlock {
    enum class Kind { Square, Free };
    Kind kind = Kind::Square;
    std::vector<int>
        rows;  // rows solved for the block's unknowns (a square block: as many as columns)
    std::vector<int> columns;  // the unknowns it determines, ascending
    std::vector<int>
        checks;  // rows that must hold once it is solved: left-over equalities, inequalities
};

struct SegmentStructure {
    std::vector<StructureBlock> blocks;  // in solving order
    std::vector<int> constantChecks;     // rows on no unknown at all (`1 = 2`, `t < 3`)
    std::vector<int> blockOfColumn;      // by unknown
    // Rows that depend on row r's unknowns through the matching: the constraints that, with r, fix
    // what r reads. A left-over row's conflict set; computed on demand.
    std::vector<int> support(int row) const;

    std::vector<std::vector<int>> rowColumns;  // the incidence it was built from
    std::vector<int> rowOfColumn;              // the matching, -1 for a free unknown
    std::vector<int> columnOfRow;              // the matching, -1 for a row left over
};

// `rowColumns[r]`: the unknowns row r depends on; `inequality[r]`: the row is an inequality.
SegmentStructure analyseStructure(std::vector<std::vector<int>> rowColumns,
                                  const std::vector<bool>& inequality, int columns);

}  // namespace mv
