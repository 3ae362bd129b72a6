#pragma once
// Converts between the core's UTF-8 byte offsets (SourceRange) and the positions of a QString
// (UTF-16 code units) that the text widgets use. Built once per compiled text; both directions
// are table lookups. The language server's twin is lsp/client_positions.h (the client's line and
// character).

#include <QString>

#include <string>
#include <vector>

#include "core/text/source_text.h"

namespace mv {

class WidgetPositions {
public:
    WidgetPositions() = default;
    explicit WidgetPositions(const std::string& utf8);

    // The QString position of a byte offset (clamped to the text).
    int toPosition(uint32_t byteOffset) const;
    // The byte offset of a QString position (clamped to the text).
    uint32_t toByte(int position) const;

private:
    std::vector<int> m_positionOfByte;       // size: bytes + 1
    std::vector<uint32_t> m_byteOfPosition;  // size: UTF-16 units + 1
};

}  // namespace mv
