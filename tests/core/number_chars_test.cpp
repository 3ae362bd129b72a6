// Doubles to and from text (core/text/number_chars.h): the portable reading, which the solver in
// WebAssembly runs, reads exactly what the desktop library's std::from_chars does, and the texts
// the WebAssembly's writing must give (tests/web/number_texts.txt, tests/web/number_text_test.mjs)
// are the desktop library's std::to_chars's, so a number in `solve --json` reads the same from
// both builds.
#include <catch2/catch.hpp>

#include <bit>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "core/text/number_chars.h"

using namespace mv;

namespace {

std::string libraryText(double value) {
    char text[64];
    return std::string(text, std::to_chars(text, text + sizeof text, value).ptr);
}

}  // namespace

TEST_CASE("the texts the WebAssembly's numbers are held to are std::to_chars's", "[number_chars]") {
    std::ifstream file(MOVIMENTUM_SOURCE_DIR "/tests/web/number_texts.txt");
    int checked = 0;
    for (std::string line; std::getline(file, line);) {
        if (line.empty() || line.front() == '#') continue;
        const size_t space = line.find(' ');
        const double value = std::bit_cast<double>(std::stoull(line.substr(0, space), nullptr, 16));
        INFO(line);
        CHECK(line.substr(space + 1) == libraryText(value));
        ++checked;
    }
    CHECK(checked > 5000);
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
