#pragma once
// The dotted name at a position in a line of script: at `Q` in `Crank.Q.x` it is
// ["Crank", "Q"], at `x` it is ["Crank", "Q", "x"]. Only what lies left of the position counts,
// which is also what completion needs. A number (`1.5`) is no name; a member of an expression
// (`[1,0].rotate`) is a name of its own. Names are ASCII (docs/reference.md#lexical-rules), so
// positions are bytes.

#include <string>
#include <string_view>
#include <vector>

namespace mv {

// `column` is a byte position in `line` (0 to line.size()); the name may start or end there, so
// a cursor just after a name finds it.
std::vector<std::string> namePathAt(std::string_view line, size_t column);

// Where the name through `column` begins and ends in `line` (begin == end: no name there).
std::pair<size_t, size_t> nameSpanAt(std::string_view line, size_t column);

}  // namespace mv
