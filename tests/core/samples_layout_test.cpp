// The samples read whole in the script pane (issue 41): the editor gives the script 80 columns,
// so no line of a sample is wider, and every sample is as `movimentum format` lays it out.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "core/text/script_format.h"
#include "core/text/source_text.h"
#include "core/text/utf8.h"

using namespace mv;

namespace {

constexpr size_t kColumns = 80;

// Columns as the editor counts them: code points, so `°` is one.
size_t columns(const std::string& line) {
    size_t count = 0;
    for (size_t at = 0; at < line.size(); at += decodeUtf8(line, at).length) ++count;
    return count;
}

}  // namespace

TEST_CASE("every sample is formatted and at most 80 columns wide", "[samples]") {
    const std::filesystem::path folder = std::filesystem::path(MOVIMENTUM_SOURCE_DIR) / "samples";
    int samples = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".movimentum") continue;
        ++samples;
        const std::string name = entry.path().filename().string();
        std::ifstream file(entry.path(), std::ios::binary);
        std::stringstream text;
        text << file.rdbuf();
        std::istringstream lines(text.str());
        int number = 0;
        for (std::string line; std::getline(lines, line);) {
            ++number;
            INFO(name << ":" << number << ": " << line);
            CHECK(columns(line) <= kColumns);
        }
        const auto formatted = formatScript(SourceText(name, text.str()));
        INFO(name);
        REQUIRE(formatted);
        CHECK(*formatted == text.str());
    }
    CHECK(samples >= 10);
}
