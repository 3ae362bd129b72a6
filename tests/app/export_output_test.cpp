// `movimentum render` and its output name, end to end (issue 9): `file:` and a leading `-` are
// plain file names, the no-overwrite rule holds for them, and a failing ffmpeg leaves an existing
// video as it was. A stand-in ffmpeg on PATH records the output argument it was given.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "tests/app/program_run.h"

using namespace mv::test;
namespace fs = std::filesystem;

namespace {

// A folder with the script, a `bin/ffmpeg` that runs `body`, and a command prefix that puts it
// first on PATH and works in the folder.
struct RenderScene {
    explicit RenderScene(const std::string& name, const std::string& body) : scratch(name) {
        script = scratch.write("rod.movimentum", kTurningRodScript);
        fs::create_directories(scratch.path() / "bin");
        const std::string ffmpeg = scratch.write(
            "bin/ffmpeg", "#!/bin/sh\nfor last; do :; done\nout=${last#file:}\necho \"$last\" > '" +
                              (scratch.path() / "argument").string() + "'\n" + body);
        fs::permissions(ffmpeg, fs::perms::owner_all);
        prefix = "cd '" + scratch.path().string() + "' && PATH='" +
                 (scratch.path() / "bin").string() + ":'\"$PATH\"";
    }
    ProgramRun render(const std::string& output, const std::string& more = "") {
        return runMovimentum(scratch, "render rod.movimentum -o '" + output + "' " + more, prefix);
    }
    std::string file(const std::string& name) const { return readWhole(scratch.path() / name); }

    ScratchFolder scratch;
    std::string script;
    std::string prefix;
};

// Reports the 11 frames of kTurningRodScript written, as ffmpeg's -progress does.
const char* const kWritingFfmpeg =
    "cat >/dev/null\necho video >\"$out\"\nprintf 'frame=11\\nprogress=end\\n'\n";

}  // namespace

TEST_CASE("render: 'file:keep.mp4' is a file of that name, and keep.mp4 is not overwritten",
          "[app][render][output]") {
    RenderScene scene("file_prefix", kWritingFfmpeg);
    scene.scratch.write("keep.mp4", "precious");
    const ProgramRun run = scene.render("file:keep.mp4");
    INFO(run.err);
    CHECK(run.exitCode == 0);
    CHECK(scene.file("keep.mp4") == "precious");
    CHECK(scene.file("file:keep.mp4") == "video\n");
    // What ffmpeg got: our absolute file: name of a temporary file, not the user's text.
    const std::string argument = scene.file("argument");
    CHECK(argument.rfind("file:" + scene.scratch.path().string() + "/.", 0) == 0);
    // And now that it exists, it is not replaced without --force.
    CHECK(scene.render("file:keep.mp4").exitCode == 2);
}

TEST_CASE("render: an output name starting with '-' is a file, not an ffmpeg option",
          "[app][render][output]") {
    RenderScene scene("dash", kWritingFfmpeg);
    const ProgramRun run = scene.render("-y.mp4");
    INFO(run.err);
    CHECK(run.exitCode == 0);
    CHECK(scene.file("-y.mp4") == "video\n");
}

TEST_CASE("render: a failing ffmpeg keeps the existing video and says why",
          "[app][render][output]") {
    RenderScene scene("victim", "cat >/dev/null\necho 'Unknown encoder libx264' >&2\nexit 1\n");
    scene.scratch.write("victim.mp4", "old video");
    const ProgramRun run = scene.render("victim.mp4", "--force");
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("ffmpeg failed (exit code 1)") != std::string::npos);
    CHECK(run.err.find("Unknown encoder libx264") != std::string::npos);
    CHECK(scene.file("victim.mp4") == "old video");
    CHECK(run.out.find("frames written") == std::string::npos);
}
