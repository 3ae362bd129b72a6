#pragma once
// The client's positions (LSP: line and character, both from 0) and the byte offsets the
// compiler's ranges are in, converted both ways; the editor's widgets have their own (Qt's:
// ui/editor/widget_positions.h). A character counts UTF-8 bytes or UTF-16 code units, as
// `initialize` agreed (positionEncoding); a position past a line's end is clamped to it, one past
// the last line to the text's end.

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/text/source_text.h"

namespace mv::lsp {

enum class PositionEncoding { Utf8, Utf16 };

struct Position {
    uint32_t line = 0;
    uint32_t character = 0;
};

class ClientPositions {
public:
    ClientPositions(std::string_view text, PositionEncoding encoding);

    uint32_t offset(Position position) const;
    Position position(uint32_t offset) const;
    // The line holding `offset`, without its line break, and where it starts.
    std::string_view lineAt(uint32_t offset, uint32_t* lineStart = nullptr) const;
    uint32_t lineCount() const { return static_cast<uint32_t>(m_starts.size()); }
    uint32_t lineStart(uint32_t line) const { return m_starts[line]; }
    uint32_t lineEnd(uint32_t line) const;
    // The units a stretch of text takes in the agreed encoding.
    uint32_t units(std::string_view text) const;

private:
    std::string_view m_text;
    PositionEncoding m_encoding;
    std::vector<uint32_t> m_starts;
};

}  // namespace mv::lsp
