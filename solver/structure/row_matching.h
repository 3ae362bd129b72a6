#pragma once
// A maximum matching of equations (rows) to the unknowns (columns) they can be solved for, the
// first step of the block-triangular sort that Modelica compilers and the Dulmage-Mendelsohn
// decomposition start from.
//
// Why by hand: the rows are matched in priority order (source order), and a row once matched stays
// matched, so when a script says more than can hold, the rows left over are the ones written last.
// That is what names the added constraint as the cause of a conflict; CXSparse's cs_maxtrans and
// Boost's Edmonds matching give a maximum matching too, but not this one.

#include <vector>

namespace mv {

struct RowMatching {
    std::vector<int> columnOfRow;  // -1: the row is left over (redundant or in conflict)
    std::vector<int> rowOfColumn;  // -1: the column is not fixed by any row (free)
};

// `rows[r]` lists the columns row r depends on. Rows with `skip[r]` set take no part
// (inequalities).
RowMatching matchRows(const std::vector<std::vector<int>>& rows, const std::vector<bool>& skip,
                      int columns);

}  // namespace mv
