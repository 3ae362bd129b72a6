// The command line's output buffer: every number comes out as std::to_chars writes it, whether its
// text is formatted afresh or taken from the table of numbers written before, and text of any
// length goes through whole.
#include <catch2/catch.hpp>

#include <charconv>
#include <cmath>
#include <string>

#include "solver/api/output_buffer.h"

using namespace mv;

namespace {

std::string toChars(double value) {
    char text[32];
    return {text, std::to_chars(text, text + sizeof text, value).ptr};
}

}  // namespace

TEST_CASE("numbers come out as std::to_chars writes them, written again or not", "[output]") {
    // 5,000 numbers over 256 table slots, each written twice: the second time many share a slot
    // with another written since, and some are still there.
    std::string expected, written;
    {
        OutputBuffer out(written);
        for (int round = 0; round < 2; ++round) {
            for (int i = 0; i < 5000; ++i) {
                const double value = i % 7 == 0 ? -i * 1e-3 : std::ldexp(1.0 + i, i % 50 - 25) / 3;
                out.number(value);
                out.put(' ');
                expected += toChars(value) + ' ';
            }
        }
    }
    CHECK(written == expected);
}

TEST_CASE("the buffer writes -0 as -0 (the JSON writer decides what it is)", "[output]") {
    std::string written;
    {
        OutputBuffer out(written);
        out.number(0.0);
        out.put(' ');
        out.number(-0.0);
    }
    CHECK(written == "0 -0");
}

TEST_CASE("text longer than the buffer's room goes through whole", "[output]") {
    std::string text(70'000, 'x');
    for (size_t i = 0; i < text.size(); i += 97) text[i] = char('a' + i % 26);
    std::string written;
    {
        OutputBuffer out(written);
        out.put('[');
        out.put(text);
        out.put(']');
    }
    CHECK(written == "[" + text + "]");
}
