#pragma once
// The base protocol's framing (LSP 3.17): each message is `Content-Length: N\r\n\r\n` followed by
// N bytes of UTF-8 JSON; other headers (Content-Type) are read and ignored. A header that is not
// one, a missing Content-Length or one over kMaxMessageBytes breaks the framing for good: the
// reader says where (the byte offset into the input) and why, and the server stops.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <variant>

namespace mv::lsp {

inline constexpr size_t kMaxMessageBytes = size_t{64} << 20;  // 64 MiB

struct FramingError {
    size_t byte = 0;  // where in the input the bad header began
    std::string reason;
};
struct EndOfInput {};

class MessageReader {
public:
    explicit MessageReader(std::istream& in) : m_in(in) {}
    // The next message's body, the end of the input (between two messages), or a broken frame.
    std::variant<std::string, EndOfInput, FramingError> next();

private:
    std::istream& m_in;
    size_t m_offset = 0;  // bytes read so far
};

// Writes one message and flushes it, so a client waiting for it gets it at once.
void writeMessage(std::ostream& out, std::string_view body);

}  // namespace mv::lsp
