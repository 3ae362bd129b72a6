// `movimentum render FILE -o page.html --editable` (ui/export/editable_page.h) as a user runs it:
// where scripts/web.sh has not built the page's parts it says so and how, exits 2 and writes
// nothing; with them (here stand-ins, so the test needs no build-web/) the page holds the script,
// the pictures it uses under the names it gives them, the player's style, the solver and the
// editor (with the player).

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/app/program_run.h"

using mv::test::ProgramRun;
using mv::test::readWhole;
using mv::test::runMovimentum;
using mv::test::ScratchFolder;
namespace fs = std::filesystem;

namespace {

// A picture and a `<` that must not end the page's <script> element.
const char* const kScript =
    ".config(10, 200, 100);  // </script> in a comment\n"
    "Crank : 'crank.png' P = [48,48] Q = P+[0,35];\n"
    "@0  Crank.P = [100,50]; Crank.Q = Crank.P + [35,0].rotate(90° * t);\n"
    "@1\n";

// The parts scripts/web.sh builds, as stand-ins marking where each goes.
const char* const kTemplate =
    "<title>@TITLE@</title><div data-name=\"@NAME@\" data-images=\"@IMAGES@\"></div>\n"
    "@PLAYER@\n@PICTURES@\n<script id=\"mv-script\">@SCRIPT@</script>\n<style>@STYLE@</style>\n"
    "<script>@SOLVER@</script>\n<script>@EDITOR@</script>\n";

struct Scratch {
    Scratch() : folder("editable") {
        folder.write("crank.movimentum", kScript);
        fs::copy_file(fs::path(MOVIMENTUM_SOURCE_DIR) / "samples/crank.png",
                      folder.path() / "crank.png");
        fs::create_directory(folder.path() / "parts");
        folder.write("parts/editable.html", kTemplate);
        folder.write("parts/solver.js", "theSolver();");
        folder.write("parts/editor.js", "theEditor();");
        fs::create_directory(folder.path() / "nothing");
    }
    ProgramRun render(const std::string& arguments, const std::string& parts = "parts") const {
        return runMovimentum(folder, "render '" + script() + "' " + arguments,
                             "MOVIMENTUM_WEB_DIR='" + (folder.path() / parts).string() + "'");
    }
    std::string script() const { return (folder.path() / "crank.movimentum").string(); }
    std::string page() const { return (folder.path() / "page.html").string(); }
    ScratchFolder folder;
};

}  // namespace

TEST_CASE("render --editable without the page's parts says how to build them", "[app][editable]") {
    const Scratch scratch;
    const ProgramRun run = scratch.render("-o '" + scratch.page() + "' --editable", "nothing");
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("scripts/web.sh") != std::string::npos);
    CHECK(run.err.find("MOVIMENTUM_WEB_DIR") != std::string::npos);
    CHECK(run.err.find((scratch.folder.path() / "nothing").string()) != std::string::npos);
    CHECK_FALSE(fs::exists(scratch.page()));
}

TEST_CASE("render --editable embeds the script, its pictures by name and every part",
          "[app][editable]") {
    const Scratch scratch;
    const ProgramRun run = scratch.render("-o '" + scratch.page() + "' --editable");
    REQUIRE(run.exitCode == 0);
    const std::string page = readWhole(scratch.page());
    CHECK(page.find("<title>crank</title>") != std::string::npos);
    CHECK(page.find("data-name=\"crank.movimentum\" data-images=\"crank.png\"") !=
          std::string::npos);
    CHECK(page.find("<img class=\"mv-image\" id=\"mv-pic-0\" alt=\"\" src=\"data:image/png;base64,"
                    "iVBORw0KGgo") != std::string::npos);
    // The script as a JSON string, its `<` escaped: the only </script> ends the element.
    CHECK(page.find("// \\u003c/script> in a comment\\nCrank : 'crank.png'") != std::string::npos);
    CHECK(page.find("</script> in a comment") == std::string::npos);
    CHECK(page.find("<script>theSolver();</script>") != std::string::npos);
    CHECK(page.find("<script>theEditor();</script>") != std::string::npos);
    CHECK(page.find("#mv-canvas") != std::string::npos);  // the player's style
    // ... and its markup, as the player page has it, controls and all.
    CHECK(page.find("<div id=\"mv-player\">\n<div id=\"mv-stage\"><canvas id=\"mv-canvas\">") !=
          std::string::npos);
    CHECK(page.find("<button id=\"mv-present\"") != std::string::npos);
    CHECK(page.find('@') == page.find("@0  Crank"));  // every placeholder filled

    CHECK(scratch.render("-o '" + scratch.page() + "' --editable").exitCode == 2);  // no --force
    CHECK(scratch.render("-o '" + scratch.page() + "' --editable --force").exitCode == 0);
}

TEST_CASE("render --editable is for the HTML page alone", "[app][editable]") {
    const Scratch scratch;
    const std::string out = (scratch.folder.path() / "frames").string();
    CHECK(scratch.render("-o '" + out + "' --editable", "nothing").exitCode == 2);
    CHECK(scratch.render("-o '" + scratch.page() + "' --editable --traces Crank.Q").exitCode == 2);
    CHECK(scratch.render("-o '" + scratch.page() + "' --editable --frames 1:2").exitCode == 2);
    scratch.folder.write("crank.movimentum", "Crank : 'crank.png' P = [0,0];\n@0 Crank.P = ;\n");
    CHECK(scratch.render("-o '" + scratch.page() + "' --editable").exitCode == 1);
    CHECK_FALSE(fs::exists(scratch.page()));
}
