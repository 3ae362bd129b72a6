#pragma once
// Machine-readable output (solve --json, --csv, the Python module's json()) collected in one buffer
// and handed to the C stream, or appended to a string, in 64 KiB pieces. Numbers are written with
// std::to_chars: the shortest text that reads back to the same double (35.99999997882544 rather
// than 35.999999978825443), without locale or format parsing. Before this, printf's formatting cost
// more than solving the frames.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

namespace mv {

class OutputBuffer {
public:
    explicit OutputBuffer(std::FILE* file) : m_file(file) {}
    // Appends to `text` instead of a file (which must outlive the buffer).
    explicit OutputBuffer(std::string& text) : m_text(&text) {}
    ~OutputBuffer() { flush(); }
    OutputBuffer(const OutputBuffer&) = delete;
    OutputBuffer& operator=(const OutputBuffer&) = delete;

    // Each put leaves at least kRoom bytes free (spill), so a character or a number goes straight
    // in, with no test of the room first: a frame of `solve --json` is mostly these.
    void put(char c) {
        *m_end++ = c;
        spill();
    }
    void put(std::string_view text) {
        if (text.size() > kRoom) return putLong(text);
        std::memcpy(m_end, text.data(), text.size());
        m_end += text.size();
        spill();
    }
    // The shortest round-trip form of a finite `value`; the caller decides what a NaN or an
    // infinity is in its format.
    void number(double value) {
        const Formatted& text = formatted(value);
        std::memcpy(m_end, text.text, sizeof text.text);  // the room is there; size counts
        m_end += text.size;
        spill();
    }
    void integer(long long value);

    // Writes out what is buffered and flushes the stream; false if any write so far failed.
    bool flush();

private:
    static constexpr size_t kChunk = 64 * 1024;
    // More than the longest number (std::to_chars of a double: 24 characters at most).
    static constexpr size_t kRoom = 256;

    void spill() {
        if (size_t(m_end - m_start) >= kChunk) writeOut();
    }
    void putLong(std::string_view text);
    void writeOut();

    // A number's text, kept by its bits for the next time it is written: a frame repeats many
    // (what stands still, zeros, the script's own numbers): half of the pump's, and std::to_chars
    // costs about 400 instructions a number (bench/solve_output_bench).
    struct Formatted {
        uint64_t bits = 0;      // +0, whose text every entry starts with
        char text[24] = {'0'};  // the longest shortest double, -2.2250738585072014e-308
        uint8_t size = 1;
    };
    static constexpr size_t kFormattedSlots = 256;
    const Formatted& formatted(double value);

    std::FILE* m_file = nullptr;
    std::string* m_text = nullptr;  // set instead of m_file
    std::unique_ptr<char[]> m_buffer{new char[kChunk + kRoom]};
    char* m_start = m_buffer.get();
    char* m_end = m_start;
    std::unique_ptr<Formatted[]> m_formatted{new Formatted[kFormattedSlots]};
    bool m_failed = false;
};

}  // namespace mv
