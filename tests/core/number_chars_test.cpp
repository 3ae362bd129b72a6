// Doubles to and from text (core/text/number_chars.h): the portable versions, which the solver in
// WebAssembly runs, write and read exactly what the desktop library's std::to_chars and
// std::from_chars do, so a number in `solve --json` reads the same from both builds.
#include <catch2/catch.hpp>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/text/number_chars.h"

using namespace mv;

namespace {

std::string libraryText(double value) {
    char text[64];
    return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

std::string portableText(double value) {
    char text[64];
    return std::string(text, portableNumberToChars(text, text + sizeof text, value).ptr);
}

// Doubles of every kind: round and awkward decimals, powers of two (where the doubles below lie
// closer than those above), the ends of the range, subnormals, random bit patterns, and numbers
// such as a solver prints.
std::vector<double> sampleDoubles() {
    std::vector<double> values = {0.0,
                                  -0.0,
                                  1.0,
                                  -1.0,
                                  0.1,
                                  0.3,
                                  1.0 / 3,
                                  100000,
                                  1e5,
                                  1e15,
                                  1e16,
                                  1e17,
                                  1e21,
                                  1e22,
                                  1e23,
                                  1e-4,
                                  1e-5,
                                  1e-6,
                                  1e-7,
                                  123.456,
                                  5e-324,
                                  2.2250738585072014e-308,
                                  std::numeric_limits<double>::max(),
                                  std::numeric_limits<double>::lowest(),
                                  9007199254740993.0,
                                  std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity()};
    for (int exponent = -1074; exponent <= 1023; ++exponent)
        values.push_back(std::ldexp(1.0, exponent));
    for (int i = -20; i <= 20; ++i) values.push_back(std::pow(10.0, i) * 1.5);
    std::mt19937_64 random(43);
    for (int i = 0; i < 20000; ++i) {
        double value = std::bit_cast<double>(random());
        if (std::isfinite(value)) values.push_back(value);
        values.push_back(static_cast<double>(random() % 2000000) / 1000.0 - 1000.0);
        values.push_back(std::uniform_real_distribution<double>(-1000, 1000)(random));
    }
    return values;
}

}  // namespace

TEST_CASE("the portable number text is std::to_chars's, shortest and round-trip",
          "[number_chars]") {
    for (const double value : sampleDoubles()) {
        INFO(libraryText(value));
        CHECK(portableText(value) == libraryText(value));
    }
    CHECK(portableText(std::numeric_limits<double>::quiet_NaN()) == "nan");
}

TEST_CASE("the portable number text says when the buffer is too small", "[number_chars]") {
    char text[4];
    const auto result = portableNumberToChars(text, text + sizeof text, 123.25);
    CHECK(result.ec == std::errc::value_too_large);
    CHECK(result.ptr == text + sizeof text);
}

TEST_CASE("the portable number reading is std::from_chars's", "[number_chars]") {
    const std::vector<std::string> texts = {
        "0",
        "12",
        "-12",
        "1.5",
        "0.1",
        ".5",
        "5.",
        "1e5",
        "1E+5",
        "1e-5",
        "2.5e",
        "2.5e+",
        "2.5ex",
        "1e400",
        "-1e400",
        "1e-400",
        "1e-310",
        "4.9e-324",
        "17.25;",
        "3 4",
        "",
        ".",
        "-",
        "x",
        "-.5",
        "123456789012345678901234567890",
        "0.1000000000000000055511151231257827021181583404541015625"};
    for (const std::string& text : texts) {
        INFO(text);
        double library = -7, portable = -7;
        const auto expected = std::from_chars(text.data(), text.data() + text.size(), library);
        const auto got = portableNumberFromChars(text.data(), text.data() + text.size(), portable);
        CHECK(got.ec == expected.ec);
        CHECK(got.ptr - text.data() == expected.ptr - text.data());
        CHECK(std::bit_cast<uint64_t>(portable) == std::bit_cast<uint64_t>(library));
    }
}

TEST_CASE("the portable reading takes back what the portable writing wrote", "[number_chars]") {
    for (const double value : sampleDoubles()) {
        if (!std::isfinite(value)) continue;
        const std::string text = portableText(value);
        double read = 0;
        portableNumberFromChars(text.data(), text.data() + text.size(), read);
        CHECK(std::bit_cast<uint64_t>(read) == std::bit_cast<uint64_t>(value));
    }
}
