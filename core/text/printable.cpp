#include "core/text/printable.h"

#include <cstdio>

#include "core/text/utf8.h"

namespace mv {

namespace {

void appendEscape(std::string& out, const char* format, unsigned value) {
    char escaped[16];
    std::snprintf(escaped, sizeof escaped, format, value);
    out += escaped;
}

struct Range {
    char32_t first;
    char32_t last;
};

// Unicode's format characters (general category Cf) and the two separators (Zl, Zp): each is
// invisible or changes how the text around it is shown or split into lines.
constexpr Range kInvisible[] = {
    {0x00AD, 0x00AD},   {0x0600, 0x0605},   {0x061C, 0x061C},   {0x06DD, 0x06DD},
    {0x070F, 0x070F},   {0x0890, 0x0891},   {0x08E2, 0x08E2},   {0x180E, 0x180E},
    {0x200B, 0x200F},   {0x2028, 0x202E},   {0x2060, 0x2064},   {0x2066, 0x206F},
    {0xFEFF, 0xFEFF},   {0xFFF9, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD},
    {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0001, 0xE0001},
    {0xE0020, 0xE007F},
};

bool isInvisible(char32_t codePoint) {
    for (const Range& range : kInvisible) {
        if (codePoint >= range.first && codePoint <= range.last) return true;
    }
    return false;
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t at = 0; at < text.size();) {
        const Utf8Step step = decodeUtf8(text, at);
        const char32_t codePoint = step.codePoint;
        if (!step.valid || codePoint < 0x20 || codePoint == 0x7F) {
            appendEscape(out, "\\x%02x", static_cast<unsigned char>(text[at]));
        } else if (codePoint >= 0x80 && codePoint <= 0x9F) {
            appendEscape(out, "\\u%04x", static_cast<unsigned>(codePoint));
        } else if (isInvisible(codePoint)) {
            appendEscape(out, "\\u{%04X}", static_cast<unsigned>(codePoint));
        } else {
            out.append(text.substr(at, step.length));
        }
        at += step.length;
    }
    return out;
}

}  // namespace mv
