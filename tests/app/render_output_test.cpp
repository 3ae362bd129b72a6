// What `movimentum render -o OUT` makes of OUT (issue 42, item 10): a single frame to `f.png` or
// `f.svg` is that file; a suffix that names no format is a usage error naming the formats; a
// sequence's own folder is created when missing but never the folders above it, and a file goes
// into a folder that exists (docs/command-line.md, "movimentum render").

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/app/program_run.h"

using namespace mv::test;
namespace fs = std::filesystem;

namespace {

struct RenderScene {
    explicit RenderScene(const std::string& name) : scratch("render_output_" + name) {
        script = scratch.write("rod.movimentum", kTurningRodScript);
    }
    ProgramRun render(const fs::path& output, const std::string& more = "") const {
        return runMovimentum(scratch,
                             "render '" + script + "' -o '" + output.string() + "' " + more);
    }
    fs::path at(const std::string& name) const { return scratch.path() / name; }
    // The folder's entries but the script and the runs' captured streams.
    int written() const {
        int count = 0;
        for (const auto& entry : fs::directory_iterator(scratch.path())) {
            const std::string name = entry.path().filename().string();
            count += name != "rod.movimentum" && name != "stdout.txt" && name != "stderr.txt";
        }
        return count;
    }

    ScratchFolder scratch;
    std::string script;
};

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("render: a single frame to f.png or f.svg is that file", "[app][render][output]") {
    const RenderScene scene("single");
    const ProgramRun png = scene.render(scene.at("f.png"), "--frames 5:5");
    INFO(png.err);
    REQUIRE(png.exitCode == 0);
    REQUIRE(fs::is_regular_file(scene.at("f.png")));
    CHECK(readWhole(scene.at("f.png")).rfind("\x89PNG", 0) == 0);
    CHECK(contains(png.out, "1 frame written to"));

    REQUIRE(scene.render(scene.at("F.SVG"), "--frames 10").exitCode == 0);
    REQUIRE(fs::is_regular_file(scene.at("F.SVG")));
    CHECK(contains(readWhole(scene.at("F.SVG")), "<svg"));

    // Written once, it is not replaced without --force, as every output.
    CHECK(scene.render(scene.at("f.png"), "--frames 5").exitCode == 2);
    CHECK(scene.render(scene.at("f.png"), "--frames 6 --force").exitCode == 0);
}

TEST_CASE("render: many frames to one file name is a usage error that says what to give",
          "[app][render][output]") {
    const RenderScene scene("many");
    const ProgramRun run = scene.render(scene.at("f.png"), "--frames 2:5");
    CHECK(run.exitCode == 2);
    CHECK(contains(run.err, "is one file, but 4 frames are selected"));
    CHECK(contains(run.err, "f_%04d.png"));
    CHECK(scene.written() == 0);
}

TEST_CASE("render: an output suffix that names no format is an error naming the formats",
          "[app][render][output]") {
    const RenderScene scene("suffix");
    const ProgramRun run = scene.render(scene.at("x.htm"));
    CHECK(run.exitCode == 2);
    CHECK(contains(run.err, "'" + scene.at("x.htm").string() + "' names no format"));
    CHECK(contains(run.err, "png, svg, mp4, webm, gif, apng, html"));
    CHECK(scene.written() == 0);
    // Said with --format, the name is the user's choice.
    REQUIRE(scene.render(scene.at("x.htm"), "--format html").exitCode == 0);
    CHECK(fs::is_regular_file(scene.at("x.htm")));
    // A folder without a suffix, or one that exists whatever its name, is a PNG sequence.
    fs::create_directory(scene.at("run.v2"));
    REQUIRE(scene.render(scene.at("run.v2"), "--frames 0:1").exitCode == 0);
    CHECK(fs::exists(scene.at("run.v2") / "frame_0001.png"));
}

TEST_CASE("render: a missing folder above the output is exit 2, 'no such folder'",
          "[app][render][output]") {
    const RenderScene scene("folders");
    for (const char* output :
         {"missing/deeper/p.html", "missing/f.png", "missing/frames/", "missing/seq/f_%02d.png"}) {
        INFO(output);
        const ProgramRun run = scene.render(scene.at(output), "--frames 0");
        CHECK(run.exitCode == 2);
        CHECK(contains(run.err, "no such folder " + scene.at("missing").string()));
        CHECK(scene.written() == 0);
    }
    // A sequence's own folder is made when missing: `frames/`, or the folder of a pattern.
    REQUIRE(scene.render(scene.at("frames/"), "--frames 0").exitCode == 0);
    CHECK(fs::exists(scene.at("frames") / "frame_0000.png"));
    REQUIRE(scene.render(scene.at("seq/f_%02d.png"), "--frames 3").exitCode == 0);
    CHECK(fs::exists(scene.at("seq") / "f_03.png"));
}
