#include "ui/editor/widget_positions.h"

#include <algorithm>

namespace mv {

namespace {

// Bytes of the UTF-8 sequence starting with `lead`; 1 for a stray continuation or invalid byte
// (QString turns each of those into one replacement character).
int sequenceLength(unsigned char lead) {
    if (lead >= 0xF0 && lead <= 0xF4) return 4;
    if (lead >= 0xE0) return lead <= 0xEF ? 3 : 1;
    if (lead >= 0xC2) return 2;
    return 1;
}

}  // namespace

WidgetPositions::WidgetPositions(const std::string& utf8) {
    m_positionOfByte.reserve(utf8.size() + 1);
    int position = 0;
    size_t i = 0;
    while (i < utf8.size()) {
        int length = sequenceLength(static_cast<unsigned char>(utf8[i]));
        if (i + length > utf8.size()) length = 1;
        for (int k = 1; k < length; ++k)  // a broken sequence decodes byte by byte
            if ((static_cast<unsigned char>(utf8[i + k]) & 0xC0) != 0x80) length = 1;
        const int units = length == 4 ? 2 : 1;  // beyond the BMP: a surrogate pair
        for (int k = 0; k < length; ++k) m_positionOfByte.push_back(position);
        for (int u = 0; u < units; ++u) m_byteOfPosition.push_back(static_cast<uint32_t>(i));
        position += units;
        i += length;
    }
    m_positionOfByte.push_back(position);
    m_byteOfPosition.push_back(static_cast<uint32_t>(utf8.size()));
}

int WidgetPositions::toPosition(uint32_t byteOffset) const {
    if (m_positionOfByte.empty()) return 0;
    return m_positionOfByte[std::min<size_t>(byteOffset, m_positionOfByte.size() - 1)];
}

uint32_t WidgetPositions::toByte(int position) const {
    if (m_byteOfPosition.empty()) return 0;
    const size_t index = static_cast<size_t>(std::max(position, 0));
    return m_byteOfPosition[std::min(index, m_byteOfPosition.size() - 1)];
}

}  // namespace mv
