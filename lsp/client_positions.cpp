#include "lsp/client_positions.h"

#include <algorithm>

#include "core/text/utf8.h"

namespace mv::lsp {

ClientPositions::ClientPositions(std::string_view text, PositionEncoding encoding)
    : m_text(text), m_encoding(encoding) {
    m_starts.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') m_starts.push_back(static_cast<uint32_t>(i + 1));
}

uint32_t ClientPositions::lineEnd(uint32_t line) const {
    uint32_t end = line + 1 < lineCount() ? m_starts[line + 1] - 1 : uint32_t(m_text.size());
    if (end > m_starts[line] && m_text[end - 1] == '\r') --end;
    return end;
}

uint32_t ClientPositions::units(std::string_view text) const {
    if (m_encoding == PositionEncoding::Utf8) return static_cast<uint32_t>(text.size());
    uint32_t count = 0;
    for (size_t at = 0; at < text.size();) {
        const Utf8Step step = decodeUtf8(text, at);
        count += step.valid && step.codePoint >= 0x10000 ? 2 : 1;
        at += step.length;
    }
    return count;
}

uint32_t ClientPositions::offset(Position position) const {
    if (position.line >= lineCount()) return static_cast<uint32_t>(m_text.size());
    const uint32_t begin = m_starts[position.line], end = lineEnd(position.line);
    if (m_encoding == PositionEncoding::Utf8) return std::min(begin + position.character, end);
    uint32_t units = 0, at = begin;
    while (at < end && units < position.character) {
        const Utf8Step step = decodeUtf8(m_text, at);
        units += step.valid && step.codePoint >= 0x10000 ? 2 : 1;
        at += static_cast<uint32_t>(step.length);
    }
    return at;
}

Position ClientPositions::position(uint32_t offset) const {
    offset = std::min(offset, static_cast<uint32_t>(m_text.size()));
    const auto after = std::upper_bound(m_starts.begin(), m_starts.end(), offset);
    const auto line = static_cast<uint32_t>(after - m_starts.begin() - 1);
    const uint32_t begin = m_starts[line];
    return {line, units(m_text.substr(begin, offset - begin))};
}

std::string_view ClientPositions::lineAt(uint32_t offset, uint32_t* start) const {
    const Position p = position(offset);
    if (start) *start = m_starts[p.line];
    return m_text.substr(m_starts[p.line], lineEnd(p.line) - m_starts[p.line]);
}

}  // namespace mv::lsp
