#pragma once
// The layout of a script, as `movimentum format` and the language server's formatting make it:
// layout only. No token is added, removed or reordered, comments stay as written and the spacing
// inside a line stays (a formatter that rewrites expressions is one users switch off). What it
// does: trailing blanks go, tabs outside comments and strings become spaces (to the next multiple
// of four columns), line ends become `\n`, the text ends in one newline, and there is at most one
// blank line in a row. Definitions and markers start at column 1; a step's statements start at
// one column, the widest marker's width plus two; a line that continues a definition starts
// under its first property, one that continues a statement at the statements' column.

#include <optional>
#include <string>

#include "core/text/source_text.h"

namespace mv {

// The formatted text, or nothing when the script has syntax errors (it is left as it is).
std::optional<std::string> formatScript(const SourceText& source);

}  // namespace mv
