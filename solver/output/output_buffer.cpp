#include "solver/api/output_buffer.h"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "core/text/number_chars.h"

namespace mv {

const OutputBuffer::Formatted& OutputBuffer::formatted(double value) {
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    // Fibonacci hashing: the top bits of the product depend on all of the value's.
    Formatted& slot = m_formatted[(bits * 0x9E3779B97F4A7C15u) >> 56];
    static_assert(kFormattedSlots == 256);
    if (slot.bits != bits) {
        slot.bits = bits;
        slot.size =
            uint8_t(numberToChars(slot.text, slot.text + sizeof slot.text, value).ptr - slot.text);
    }
    return slot;
}

void OutputBuffer::integer(long long value) {
    m_end = std::to_chars(m_end, m_end + kRoom, value).ptr;
    spill();
}

// Text longer than the room that is always left (a diagnostic's message, a file's name) goes
// through in pieces.
void OutputBuffer::putLong(std::string_view text) {
    while (!text.empty()) {
        const size_t piece = std::min(text.size(), kRoom);
        put(text.substr(0, piece));
        text.remove_prefix(piece);
    }
}

void OutputBuffer::writeOut() {
    const size_t size = size_t(m_end - m_start);
    m_end = m_start;
    if (size == 0) return;
    if (m_text)
        m_text->append(m_start, size);
    else if (std::fwrite(m_start, 1, size, m_file) != size)
        m_failed = true;
}

bool OutputBuffer::flush() {
    writeOut();
    if (m_file && std::fflush(m_file) != 0) m_failed = true;
    return !m_failed;
}

}  // namespace mv
