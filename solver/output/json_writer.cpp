#include "solver/output/json_writer.h"

#include <algorithm>
#include <array>

#include <cmath>
#include <cstdio>
#include <string>

#include "core/text/utf8.h"

namespace mv {

namespace {

// The two-character escape JSON has for `c`, or null.
const char* escapeOf(char c) {
    switch (c) {
        case '"':
            return "\\\"";
        case '\\':
            return "\\\\";
        case '\n':
            return "\\n";
        case '\r':
            return "\\r";
        case '\t':
            return "\\t";
        case '\b':
            return "\\b";
        case '\f':
            return "\\f";
        default:
            return nullptr;
    }
}

void putUnicodeEscape(OutputBuffer& out, char32_t codePoint) {
    char escaped[8];
    std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(codePoint));
    out.put(std::string_view(escaped));
}

// The bytes a JSON string holds as they are: printable ASCII but the quote and the backslash.
constexpr auto kPlain = [] {
    std::array<bool, 256> plain{};
    for (int byte = 0x20; byte < 0x80; ++byte) plain[size_t(byte)] = byte != '"' && byte != '\\';
    return plain;
}();

// U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
bool isSeparatorAt(std::string_view text, size_t at) {
    return text.substr(at, 3) == "\xe2\x80\xa8" || text.substr(at, 3) == "\xe2\x80\xa9";
}

}  // namespace

void JsonWriter::separate() {
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (!m_first.empty()) {
        if (!m_first.back()) m_out.put(',');
        m_first.back() = false;
    }
}

JsonWriter& JsonWriter::beginObject() {
    separate();
    m_out.put('{');
    m_first.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::endObject() {
    m_first.pop_back();
    m_out.put('}');
    return *this;
}

JsonWriter& JsonWriter::beginArray() {
    separate();
    m_out.put('[');
    m_first.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::endArray() {
    m_first.pop_back();
    m_out.put(']');
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    value(name);
    m_out.put(':');
    m_afterKey = true;
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view text) {
    separate();
    m_out.put('"');
    // Nearly every string is a name of the script, plain ASCII that needs no escape: written as
    // it is, without the copy that checking UTF-8 makes (the keys of every frame go through here).
    const bool plain = std::all_of(text.begin(), text.end(),
                                   [](char c) { return kPlain[static_cast<unsigned char>(c)]; });
    if (plain) {
        m_out.put(text);
        m_out.put('"');
        return *this;
    }
    // A JSON document is UTF-8 (RFC 8259): bytes of a non-UTF-8 image or file name become U+FFFD.
    const std::string valid = validUtf8(text);
    for (size_t at = 0; at < valid.size(); ++at) {
        const char c = valid[at];
        const char* escape = escapeOf(c);
        if (escape != nullptr) {
            m_out.put(escape);
        } else if (static_cast<unsigned char>(c) < 0x20) {
            putUnicodeEscape(m_out, static_cast<unsigned char>(c));
        } else if (isSeparatorAt(valid, at)) {
            // JSON allows U+2028 and U+2029 raw, but JavaScript before ES2019 and readers that
            // split lines the Unicode way do not: escaped, they are still the same string.
            putUnicodeEscape(m_out, decodeUtf8(valid, at).codePoint);
            at += 2;
        } else {
            m_out.put(c);
        }
    }
    m_out.put('"');
    return *this;
}

JsonWriter& JsonWriter::value(bool truth) {
    separate();
    m_out.put((truth ? "true" : "false"));
    return *this;
}

JsonWriter& JsonWriter::value(double number) {
    separate();
    if (!std::isfinite(number)) {
        m_out.put("null");
        return *this;
    }
    // -0 (a coordinate that rounds to zero from below) is written 0: JSON readers and diffs
    // should not see two zeros.
    m_out.number(number == 0 ? 0.0 : number);
    return *this;
}

JsonWriter& JsonWriter::value(int number) {
    separate();
    m_out.integer(number);
    return *this;
}

JsonWriter& JsonWriter::pair(double x, double y) {
    // A vector with an undefined component (a velocity at a dead centre) is undefined as a
    // whole: `null`, as docs/command-line.md says, not `[null, null]`.
    if (!std::isfinite(x) || !std::isfinite(y)) {
        separate();
        m_out.put("null");
        return *this;
    }
    beginArray();
    value(x);
    value(y);
    return endArray();
}

}  // namespace mv
