// Every ```movimentum block of docs/language.md and docs/reference.md is a complete script that
// must compile without errors, so the user's guide and the reference cannot drift from the
// language. Images are resolved against tests/language/examples/, which holds small pump pictures.

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/compile.h"
#include "tests/support/disk_images.h"

namespace {

struct Example {
    int line = 0;  // where the block starts in the document
    std::string text;
};

std::vector<Example> extractExamples(const std::string& document) {
    std::vector<Example> examples;
    std::istringstream in(document);
    std::string line;
    int number = 0;
    Example* open = nullptr;
    while (std::getline(in, line)) {
        ++number;
        if (!open && line == "```movimentum") {
            examples.push_back({number + 1, {}});
            open = &examples.back();
        } else if (open && line == "```") {
            open = nullptr;
        } else if (open) {
            open->text += line + "\n";
        }
    }
    return examples;
}

void checkExamplesOf(const std::string& page, size_t atLeast) {
    std::ifstream file(MOVIMENTUM_SOURCE_DIR "/" + page);
    REQUIRE(file);
    std::stringstream document;
    document << file.rdbuf();
    const auto examples = extractExamples(document.str());
    REQUIRE(examples.size() >= atLeast);

    for (const Example& example : examples) {
        const std::string name = page + "@" + std::to_string(example.line);
        auto source = std::make_shared<mv::SourceText>(name, example.text);
        const mv::CompileResult result = mv::compileScript(
            source, mv::test::DiskImages(MOVIMENTUM_SOURCE_DIR "/tests/language/examples"));
        std::string printed;
        for (const mv::Diagnostic& d : result.diagnostics)
            printed += mv::formatDiagnostic(*source, d) + "\n";
        INFO(name << "\n" << printed);
        CHECK(result.script != nullptr);
        CHECK(result.diagnostics.empty());
    }
}

}  // namespace

TEST_CASE("every example in docs/language.md compiles without errors", "[docs]") {
    checkExamplesOf("docs/language.md", 5);
}

TEST_CASE("every example in docs/reference.md compiles without errors", "[docs]") {
    checkExamplesOf("docs/reference.md", 1);
}
