#include "solver/output/json_writer.h"

#include <cmath>
#include <cstdio>

namespace mv {

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
    for (const char c : text) {
        switch (c) {
            case '"':
                m_out.put("\\\"");
                break;
            case '\\':
                m_out.put("\\\\");
                break;
            case '\n':
                m_out.put("\\n");
                break;
            case '\r':
                m_out.put("\\r");
                break;
            case '\t':
                m_out.put("\\t");
                break;
            case '\b':
                m_out.put("\\b");
                break;
            case '\f':
                m_out.put("\\f");
                break;
            default:
                if (static_cast<unsigned char>(c) < 0x20) {
                    char escaped[8];
                    std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(c));
                    m_out.put(std::string_view(escaped));
                } else {
                    m_out.put(c);  // UTF-8 bytes pass through unchanged
                }
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
