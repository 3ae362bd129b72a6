#include "solver/api/output_buffer.h"

#include <charconv>

#include "core/text/number_chars.h"

namespace mv {

void OutputBuffer::number(double value) {
    char text[32];
    const auto end = numberToChars(text, text + sizeof text, value).ptr;
    put(std::string_view(text, static_cast<size_t>(end - text)));
}

void OutputBuffer::integer(long long value) {
    char text[24];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    put(std::string_view(text, static_cast<size_t>(end - text)));
}

void OutputBuffer::writeOut() {
    if (m_text)
        m_text->append(m_buffer);
    else if (!m_buffer.empty() &&
             std::fwrite(m_buffer.data(), 1, m_buffer.size(), m_file) != m_buffer.size())
        m_failed = true;
    m_buffer.clear();
}

bool OutputBuffer::flush() {
    writeOut();
    if (m_file && std::fflush(m_file) != 0) m_failed = true;
    return !m_failed;
}

}  // namespace mv
