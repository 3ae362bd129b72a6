#include "core/text/utf8.h"

namespace mv {

namespace {

bool isContinuation(unsigned char byte) {
    return (byte & 0xC0) == 0x80;
}

// The sequence length a lead byte announces and the bits it carries; 0 for a byte that cannot
// start a sequence (a continuation byte, C0, C1, F5–FF).
struct Lead {
    size_t length;
    char32_t bits;
};

Lead leadOf(unsigned char byte) {
    if (byte < 0x80) return {1, byte};
    if (byte >= 0xC2 && byte <= 0xDF) return {2, byte & 0x1Fu};
    if ((byte & 0xF0) == 0xE0) return {3, byte & 0x0Fu};
    if (byte >= 0xF0 && byte <= 0xF4) return {4, byte & 0x07u};
    return {0, 0};
}

// The smallest code point each length may encode: anything below is an overlong form.
constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};

}  // namespace

Utf8Step decodeUtf8(std::string_view text, size_t at) {
    const Lead lead = leadOf(static_cast<unsigned char>(text[at]));
    if (lead.length == 0 || at + lead.length > text.size()) return {};
    char32_t codePoint = lead.bits;
    for (size_t i = 1; i < lead.length; ++i) {
        const auto byte = static_cast<unsigned char>(text[at + i]);
        if (!isContinuation(byte)) return {};
        codePoint = (codePoint << 6) | (byte & 0x3Fu);
    }
    const bool surrogate = codePoint >= 0xD800 && codePoint <= 0xDFFF;
    if (codePoint < kSmallest[lead.length] || surrogate || codePoint > 0x10FFFF) return {};
    return {codePoint, lead.length, true};
}

void appendUtf8(std::string& out, char32_t codePoint) {
    const auto put = [&out](char32_t byte) { out.push_back(static_cast<char>(byte)); };
    if (codePoint < 0x80) return put(codePoint);
    if (codePoint < 0x800) {
        put(0xC0 | (codePoint >> 6));
    } else if (codePoint < 0x10000) {
        put(0xE0 | (codePoint >> 12));
        put(0x80 | ((codePoint >> 6) & 0x3F));
    } else {
        put(0xF0 | (codePoint >> 18));
        put(0x80 | ((codePoint >> 12) & 0x3F));
        put(0x80 | ((codePoint >> 6) & 0x3F));
    }
    put(0x80 | (codePoint & 0x3F));
}

std::string validUtf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t at = 0; at < text.size();) {
        const Utf8Step step = decodeUtf8(text, at);
        if (step.valid) {
            out.append(text.substr(at, step.length));
        } else {
            appendUtf8(out, 0xFFFD);
        }
        at += step.length;
    }
    return out;
}

}  // namespace mv
