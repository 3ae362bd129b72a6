#pragma once
// Machine-readable output (solve --json, --csv, the Python module's json()) collected in one buffer
// and handed to the C stream, or appended to a string, in 64 KiB pieces. Numbers are written with
// std::to_chars: the shortest text that reads back to the same double (35.99999997882544 rather
// than 35.999999978825443), without locale or format parsing. Before this, printf's formatting cost
// more than solving the frames.

#include <cstdio>
#include <string>
#include <string_view>

namespace mv {

class OutputBuffer {
public:
    explicit OutputBuffer(std::FILE* file) : m_file(file) { m_buffer.reserve(kChunk + 256); }
    // Appends to `text` instead of a file (which must outlive the buffer).
    explicit OutputBuffer(std::string& text) : m_text(&text) { m_buffer.reserve(kChunk + 256); }
    ~OutputBuffer() { flush(); }
    OutputBuffer(const OutputBuffer&) = delete;
    OutputBuffer& operator=(const OutputBuffer&) = delete;

    void put(char c) {
        m_buffer.push_back(c);
        spill();
    }
    void put(std::string_view text) {
        m_buffer.append(text);
        spill();
    }
    // The shortest round-trip form of a finite `value`; the caller decides what a NaN or an
    // infinity is in its format.
    void number(double value);
    void integer(long long value);

    // Writes out what is buffered and flushes the stream; false if any write so far failed.
    bool flush();

private:
    static constexpr size_t kChunk = 64 * 1024;

    void spill() {
        if (m_buffer.size() >= kChunk) writeOut();
    }
    void writeOut();

    std::FILE* m_file = nullptr;
    std::string* m_text = nullptr;  // set instead of m_file
    std::string m_buffer;
    bool m_failed = false;
};

}  // namespace mv
