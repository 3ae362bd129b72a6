#pragma once
// The one buffer that owns a script's text. Everything downstream (tokens, syntax tree,
// diagnostics, the script model) refers to it by byte offsets; line and column are computed only
// for display.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mv {

// A half-open byte range [begin, end) into a SourceText. An empty range marks a position.
struct SourceRange {
    uint32_t begin = 0;
    uint32_t end = 0;

    uint32_t length() const { return end - begin; }
    static SourceRange cover(SourceRange a, SourceRange b) {
        return {a.begin < b.begin ? a.begin : b.begin, a.end > b.end ? a.end : b.end};
    }
    friend bool operator==(SourceRange, SourceRange) = default;
};

// 1-based line and column; the column counts Unicode code points, so `°` is one column.
struct LineColumn {
    int line = 1;
    int column = 1;
    friend bool operator==(LineColumn, LineColumn) = default;
};

class SourceText {
public:
    SourceText() = default;
    // `name` is what diagnostics print before the line (usually the file path).
    SourceText(std::string name, std::string text);

    const std::string& name() const { return m_name; }
    const std::string& text() const { return m_text; }
    std::string_view slice(SourceRange range) const;
    LineColumn location(uint32_t offset) const;
    // The whole line containing `offset`, without its line break (for showing context).
    std::string_view lineText(uint32_t offset) const;

private:
    uint32_t codePointsBefore(uint32_t offset) const;

    std::string m_name;
    std::string m_text;
    std::vector<uint32_t> m_lineStarts;  // offset of the first byte of each line
    // Code points before every kCheckpoint-th byte: a column is then a difference of two counts,
    // each at most kCheckpoint bytes from a checkpoint, so locating a diagnostic costs the same
    // on a 100 kB line as on a short one (counting from the line start made 40,000 diagnostics
    // on one line quadratic).
    static constexpr uint32_t kCheckpoint = 64;
    std::vector<uint32_t> m_codePointCheckpoints;
};

}  // namespace mv
