#pragma once
// A minimal streaming JSON writer for the command line's machine-readable output: objects, arrays,
// strings with proper escaping, and numbers in their shortest round-trip form (output_buffer.h;
// NaN and infinities, which JSON cannot hold, become null). Commas and nesting are tracked here so
// the callers only say what to write.

#include <string_view>
#include <vector>

#include "solver/api/output_buffer.h"

namespace mv {

class JsonWriter {
public:
    explicit JsonWriter(OutputBuffer& out) : m_out(out) {}

    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view name);
    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(double number);
    JsonWriter& value(int number);
    JsonWriter& value(bool truth);
    JsonWriter& pair(double x, double y);  // [x, y], or null when either is not finite

private:
    void separate();

    OutputBuffer& m_out;
    // Per open container: nothing written in it yet. Bytes, not std::vector<bool>, whose bit
    // arithmetic cost more than the commas it decides (bench/solve_output_bench).
    std::vector<char> m_first;
    bool m_afterKey = false;
};

}  // namespace mv
