#include "core/source_text.h"

#include <algorithm>

namespace mv {

SourceText::SourceText(std::string name, std::string text)
    : m_name(std::move(name)), m_text(std::move(text)) {
    m_lineStarts.push_back(0);
    for (uint32_t i = 0; i < m_text.size(); ++i)
        if (m_text[i] == '\n') m_lineStarts.push_back(i + 1);
}

std::string_view SourceText::slice(SourceRange range) const {
    const auto size = static_cast<uint32_t>(m_text.size());
    const uint32_t begin = std::min(range.begin, size);
    const uint32_t end = std::clamp(range.end, begin, size);
    return std::string_view(m_text).substr(begin, end - begin);
}

LineColumn SourceText::location(uint32_t offset) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(m_text.size()));
    const auto next = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    const auto line = static_cast<int>(next - m_lineStarts.begin());
    const uint32_t lineStart = *(next - 1);
    int column = 1;
    for (uint32_t i = lineStart; i < offset; ++i) {
        // Continuation bytes (10xxxxxx) belong to the code point before them.
        if ((static_cast<unsigned char>(m_text[i]) & 0xC0) != 0x80) ++column;
    }
    return {line, column};
}

std::string_view SourceText::lineText(uint32_t offset) const {
    offset = std::min<uint32_t>(offset, static_cast<uint32_t>(m_text.size()));
    const auto next = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    const uint32_t begin = *(next - 1);
    uint32_t end = next == m_lineStarts.end() ? static_cast<uint32_t>(m_text.size()) : *next;
    while (end > begin && (m_text[end - 1] == '\n' || m_text[end - 1] == '\r')) --end;
    return std::string_view(m_text).substr(begin, end - begin);
}

}  // namespace mv
