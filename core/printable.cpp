#include "core/printable.h"

#include <cstdio>

namespace mv {

namespace {

void appendEscape(std::string& out, const char* format, unsigned value) {
    char escaped[8];
    std::snprintf(escaped, sizeof escaped, format, value);
    out += escaped;
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x20 || byte == 0x7F) {
            appendEscape(out, "\\x%02x", byte);
            continue;
        }
        // C1 controls are U+0080–U+009F, in UTF-8 the pairs C2 80 … C2 9F.
        const bool c1 = byte == 0xC2 && i + 1 < text.size() &&
                        (static_cast<unsigned char>(text[i + 1]) & 0xE0) == 0x80;
        if (c1) {
            appendEscape(out, "\\u%04x", static_cast<unsigned char>(text[++i]));
            continue;
        }
        out += text[i];
    }
    return out;
}

}  // namespace mv
