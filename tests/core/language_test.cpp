// Annotated language tests (the clox way): every tests/language/**/*.movimentum is one behaviour
// of the language, compiled here, with the expected outcome written in its own comments:
//
//   // expect error LINE:COL: TEXT     an error that starts at LINE:COL and whose message contains TEXT
//   // expect warning LINE:COL: TEXT   the same for a warning
//   // expect type NAME scalar|vector  the variable NAME has this type
//   // expect frames N                 the frame plan has N frames
//   // expect segments N               ... in N segments
//
// Every diagnostic must be expected and every expectation met, so a file without expectations must
// compile cleanly; that is how the examples of LANGUAGE.md under tests/language/examples/ are kept
// honest. Images are looked up next to each file.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/compile.h"
#include "core/frame_plan.h"

using namespace mv;
namespace fs = std::filesystem;

namespace {

struct Expectations {
    std::vector<std::string> diagnostics;  // "error 3:12: unknown anchor"
    std::vector<std::pair<std::string, std::string>> types;
    int frames = -1;
    int segments = -1;
};

Expectations readExpectations(const std::string& text) {
    Expectations expected;
    static const std::regex pattern(R"(//\s*expect\s+(error|warning|type|frames|segments)\s+(.*?)\s*$)");
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        std::smatch match;
        if (!std::regex_search(line, match, pattern)) continue;
        const std::string what = match[1], rest = match[2];
        if (what == "error" || what == "warning") {
            expected.diagnostics.push_back(what + " " + rest);
        } else if (what == "type") {
            const auto space = rest.find(' ');
            expected.types.emplace_back(rest.substr(0, space), rest.substr(space + 1));
        } else if (what == "frames") {
            expected.frames = std::stoi(rest);
        } else {
            expected.segments = std::stoi(rest);
        }
    }
    return expected;
}

// "error 3:12: the message" as the expectations spell it.
std::string describe(const SourceText& source, const Diagnostic& d) {
    const LineColumn at = source.location(d.range.begin);
    return std::string(severityName(d.severity)) + " " + std::to_string(at.line) + ":" +
           std::to_string(at.column) + ": " + d.message;
}

// An expectation matches a diagnostic with the same severity and position whose message contains
// the expected text.
bool matches(const std::string& expected, const std::string& actual) {
    const auto colon = expected.find(": ");
    if (colon == std::string::npos) return expected == actual;
    const std::string head = expected.substr(0, colon + 2);
    return actual.rfind(head, 0) == 0 && actual.find(expected.substr(colon + 2), colon) != std::string::npos;
}

void checkFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const auto source = std::make_shared<const SourceText>(path.filename().string(), text.str());
    const CompileResult result = compileScript(source, path.parent_path().string());
    Expectations expected = readExpectations(text.str());

    std::vector<std::string> unexpected;
    for (const Diagnostic& d : result.diagnostics) {
        const std::string actual = describe(*source, d);
        const auto found = std::find_if(expected.diagnostics.begin(), expected.diagnostics.end(),
                                        [&](const std::string& e) { return matches(e, actual); });
        if (found == expected.diagnostics.end()) {
            unexpected.push_back(actual);
        } else {
            expected.diagnostics.erase(found);
        }
    }
    INFO("file " << path.string());
    CHECK(unexpected == std::vector<std::string>{});
    CHECK(expected.diagnostics == std::vector<std::string>{});  // expected but not reported

    if (expected.types.empty() && expected.frames < 0 && expected.segments < 0) return;
    REQUIRE(result.script);
    for (const auto& [name, type] : expected.types) {
        INFO("variable " << name);
        const int index = result.script->variableIndex(name);
        REQUIRE(index >= 0);
        CHECK((result.script->variables[index].type == ValueType::Vector ? "vector" : "scalar") == type);
    }
    const FramePlan plan = planFrames(*result.script);
    if (expected.frames >= 0) CHECK(static_cast<int>(plan.frames.size()) == expected.frames);
    if (expected.segments >= 0) CHECK(static_cast<int>(plan.segments.size()) == expected.segments);
}

}  // namespace

TEST_CASE("Annotated language scripts give the diagnostics their comments expect", "[language]") {
    const fs::path root = fs::path(MOVIMENTUM_SOURCE_DIR) / "tests" / "language";
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(root))
        if (entry.path().extension() == ".movimentum") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    REQUIRE(files.size() >= 40);
    for (const fs::path& file : files) checkFile(file);
}
