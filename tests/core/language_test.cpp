// Annotated language tests (the clox way): every tests/language/**/*.movimentum is one behaviour
// of the language, compiled here, with the expected outcome written in its own comments:
//
//   // expect error LINE:COL ID        an error that starts at LINE:COL, its id from the table of
//                                      diagnostics (core/diagnostics/diagnostic_table.h), e.g.
//                                      UnknownAnchor
//   // expect warning LINE:COL ID      the same for a warning
//   // expect error LINE:COL ID -> NAME  ... whose "did you mean" suggestion is NAME
//                                      (core/diagnostics/name_suggestion.h); without `->` the
//                                      diagnostic must suggest nothing
//   // expect type NAME scalar|vector  the variable NAME has this type
//   // expect frames N                 the frame plan has N frames
//   // expect segments N               ... in N segments
//   // expect frame K: T=.. t=.. iv=.. step=.. keys=A.P,x <   frame K's times (any subset, to
//   1e-9),
//                                      its step and the keys of its active constraints in source
//                                      order (`-` for a constraint without a key, nothing for none)
//
// Every diagnostic must be expected and every expectation met, so a file without expectations must
// compile cleanly; that is how the language's examples under tests/language/examples/ are kept
// honest. Expectations name the id, not the words, so a message's wording can improve without
// touching the tests. Images are looked up next to each file.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/compile.h"
#include "core/model/frame_plan.h"
#include "tests/support/disk_images.h"

using namespace mv;
namespace fs = std::filesystem;

namespace {

struct Expectations {
    std::vector<std::string> diagnostics;  // "error 3:12 UnknownAnchor"
    std::vector<std::pair<std::string, std::string>> types;
    int frames = -1;
    int segments = -1;
    std::vector<std::pair<int, std::string>> frameChecks;  // frame index, "T=.. t=.. keys=.."
};

Expectations readExpectations(const std::string& text) {
    Expectations expected;
    static const std::regex pattern(
        R"(//\s*expect\s+(error|warning|type|frames|segments|frame)\s+(.*?)\s*$)");
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
        } else if (what == "frame") {
            const auto colon = rest.find(':');
            expected.frameChecks.emplace_back(std::stoi(rest.substr(0, colon)),
                                              rest.substr(colon + 1));
        } else if (what == "frames") {
            expected.frames = std::stoi(rest);
        } else {
            expected.segments = std::stoi(rest);
        }
    }
    return expected;
}

// "error 3:12 UnknownAnchor", "error 3:12 UnknownAnchor -> Q" as the expectations spell it.
std::string describe(const SourceText& source, const Diagnostic& d) {
    const LineColumn at = source.location(d.range.begin);
    return std::string(severityName(d.severity)) + " " + std::to_string(at.line) + ":" +
           std::to_string(at.column) + " " + diagnosticEntry(d.id).id +
           (d.suggestion.empty() ? "" : " -> " + d.suggestion);
}

std::string activeKeys(const Script& script, const FramePlan& plan, const Frame& frame) {
    std::string keys;
    for (const ConstraintId id : plan.segments[frame.segment].constraints) {
        if (!keys.empty()) keys += ",";
        keys += script.constraints[id].key.empty() ? "-" : script.constraints[id].key;
    }
    return keys;
}

// "T=13 t=0.3 iv=0.8 step=4 keys=a,b": each field present is compared with the frame.
void checkFrame(const Script& script, const FramePlan& plan, int index, const std::string& fields) {
    INFO("frame " << index << ":" << fields);
    REQUIRE(index < static_cast<int>(plan.frames.size()));
    const Frame& frame = plan.frames[index];
    static const std::regex field(R"((T|t|iv|step|keys)=(.*?)(?=\s+(?:T|t|iv|step|keys)=|\s*$))");
    for (std::sregex_iterator it(fields.begin(), fields.end(), field), end; it != end; ++it) {
        const std::string name = (*it)[1], value = (*it)[2];
        if (name == "keys") {
            CHECK(activeKeys(script, plan, frame) == value);
        } else if (name == "step") {
            CHECK(frame.step == std::stoi(value));
        } else {
            const double actual = name == "T" ? frame.time : name == "t" ? frame.t : frame.iv;
            CHECK(actual == Approx(std::stod(value)).margin(1e-9));
        }
    }
}

void checkFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const auto source = std::make_shared<const SourceText>(path.filename().string(), text.str());
    const CompileResult result =
        compileScript(source, mv::test::DiskImages(path.parent_path().string()));
    Expectations expected = readExpectations(text.str());

    std::vector<std::string> unexpected;
    for (const Diagnostic& d : result.diagnostics) {
        const std::string actual = describe(*source, d);
        const auto found =
            std::find(expected.diagnostics.begin(), expected.diagnostics.end(), actual);
        if (found == expected.diagnostics.end()) {
            unexpected.push_back(actual);
        } else {
            expected.diagnostics.erase(found);
        }
    }
    INFO("file " << path.string());
    for (const Diagnostic& d : result.diagnostics) UNSCOPED_INFO(formatDiagnostic(*source, d));
    CHECK(unexpected == std::vector<std::string>{});
    CHECK(expected.diagnostics == std::vector<std::string>{});  // expected but not reported

    if (expected.types.empty() && expected.frames < 0 && expected.segments < 0 &&
        expected.frameChecks.empty())
        return;
    REQUIRE(result.script);
    for (const auto& [name, type] : expected.types) {
        INFO("variable " << name);
        const int index = result.script->variableIndex(name);
        REQUIRE(index >= 0);
        CHECK((result.script->variables[index].type == ValueType::Vector ? "vector" : "scalar") ==
              type);
    }
    const FramePlan plan = planFrames(*result.script);
    if (expected.frames >= 0) CHECK(static_cast<int>(plan.frames.size()) == expected.frames);
    if (expected.segments >= 0) CHECK(static_cast<int>(plan.segments.size()) == expected.segments);
    for (const auto& [index, fields] : expected.frameChecks)
        checkFrame(*result.script, plan, index, fields);
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
