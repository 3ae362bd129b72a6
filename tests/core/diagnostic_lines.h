#pragma once
// Diagnostics as "LINE:COL: message" strings (and "LINE:COL-LINE:COL" ranges), so a test can
// compare the whole list of what a script reports in one CHECK.

#include <string>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/text/source_text.h"

namespace mv::test {

inline std::string position(const SourceText& source, uint32_t offset) {
    const LineColumn at = source.location(offset);
    return std::to_string(at.line) + ":" + std::to_string(at.column);
}

inline std::vector<std::string> diagnosticLines(const SourceText& source,
                                                const Diagnostics& diagnostics) {
    std::vector<std::string> lines;
    for (const Diagnostic& d : diagnostics.list())
        lines.push_back(position(source, d.range.begin) + ": " + d.message);
    return lines;
}

inline std::string rangeText(const SourceText& source, SourceRange range) {
    return position(source, range.begin) + "-" + position(source, range.end);
}

}  // namespace mv::test
