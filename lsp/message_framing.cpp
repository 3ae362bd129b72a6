#include "lsp/message_framing.h"

#include <charconv>
#include <istream>
#include <optional>
#include <ostream>

namespace mv::lsp {

namespace {

constexpr size_t kMaxHeaderLine = 4096;

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

}  // namespace

std::variant<std::string, EndOfInput, FramingError> MessageReader::next() {
    const size_t start = m_offset;
    std::optional<size_t> length;
    for (bool firstLine = true;; firstLine = false) {
        const size_t lineStart = m_offset;
        std::string line;
        int c = 0;
        while ((c = m_in.get()) != EOF && c != '\n') {
            ++m_offset;
            if (line.size() >= kMaxHeaderLine)
                return FramingError{lineStart, "a header line longer than 4096 bytes"};
            line += static_cast<char>(c);
        }
        if (c == EOF) {
            if (firstLine && line.empty()) return EndOfInput{};
            return FramingError{lineStart, "the input ended inside a header"};
        }
        ++m_offset;  // the '\n'
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) break;
        const size_t colon = line.find(':');
        if (colon == std::string::npos) return FramingError{lineStart, "not a header: no ':'"};
        const std::string_view name = trimmed(std::string_view(line).substr(0, colon));
        const std::string_view value = trimmed(std::string_view(line).substr(colon + 1));
        if (!equalsIgnoringCase(name, "Content-Length")) continue;
        size_t parsed = 0;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), parsed);
        if (error != std::errc() || end != value.data() + value.size())
            return FramingError{lineStart, "Content-Length is not a number"};
        if (parsed > kMaxMessageBytes) return FramingError{lineStart, "Content-Length over 64 MiB"};
        length = parsed;
    }
    if (!length) return FramingError{start, "no Content-Length"};
    std::string body(*length, '\0');
    m_in.read(body.data(), static_cast<std::streamsize>(*length));
    m_offset += static_cast<size_t>(m_in.gcount());
    if (static_cast<size_t>(m_in.gcount()) != *length)
        return FramingError{start, "the input ended inside a message"};
    return body;
}

void writeMessage(std::ostream& out, std::string_view body) {
    out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
    out.flush();
}

}  // namespace mv::lsp
