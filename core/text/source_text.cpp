#include "core/text/source_text.h"

#include <algorithm>

namespace mv {

namespace {

// Continuation bytes (10xxxxxx) belong to the code point before them.
bool startsCodePoint(char byte) {
    return (static_cast<unsigned char>(byte) & 0xC0) != 0x80;
}

}  // namespace

SourceText::SourceText(std::string name, std::string text)
    : m_name(std::move(name)), m_text(std::move(text)) {
    m_lineStarts.push_back(0);
    m_codePointCheckpoints.reserve(m_text.size() / kCheckpoint + 1);
    uint32_t codePoints = 0;
    for (uint32_t i = 0; i < m_text.size(); ++i) {
        if (i % kCheckpoint == 0) m_codePointCheckpoints.push_back(codePoints);
        if (m_text[i] == '\n') m_lineStarts.push_back(i + 1);
        codePoints += startsCodePoint(m_text[i]);
    }
    m_codePointCheckpoints.push_back(codePoints);  // an empty text still has one checkpoint
}

uint32_t SourceText::codePointsBefore(uint32_t offset) const {
    const uint32_t checkpoint = offset / kCheckpoint;
    uint32_t count = m_codePointCheckpoints[checkpoint];
    for (uint32_t i = checkpoint * kCheckpoint; i < offset; ++i)
        count += startsCodePoint(m_text[i]);
    return count;
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
    return {line, static_cast<int>(codePointsBefore(offset) - codePointsBefore(lineStart)) + 1};
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
