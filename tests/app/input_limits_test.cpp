// What the headless commands do with inputs they cannot handle (issue 9): a folder, a device, a
// file over the size limit, memory running out, control characters in names, a frame range past
// the end. Each is refused with a message and exit code 2, never read as an empty script, a hang
// or an abort.

#include <catch2/catch.hpp>

#include <string>

#include "tests/app/program_run.h"

using namespace mv::test;

namespace {

bool mentions(const std::string& text, const std::string& what) {
    return text.find(what) != std::string::npos;
}

}  // namespace

TEST_CASE("a folder is no script, for check and solve alike", "[app][limits]") {
    const ScratchFolder scratch("folder");
    const std::string folder = (scratch.path() / "sub").string();
    std::filesystem::create_directories(folder);
    for (const char* command : {"check", "solve"}) {
        const ProgramRun run = runMovimentum(scratch, std::string(command) + " '" + folder + "'");
        INFO(command << ": " << run.err);
        CHECK(run.exitCode == 2);
        CHECK(mentions(run.err, "it is a folder"));
        CHECK(run.out.empty());
    }
}

TEST_CASE("a device is not read", "[app][limits]") {
    const ScratchFolder scratch("device");
    for (const char* command : {"check /dev/zero", "solve /dev/zero", "render /dev/zero -o x"}) {
        const ProgramRun run = runMovimentum(scratch, command);
        INFO(command << ": " << run.err);
        CHECK(run.exitCode == 2);
        CHECK(mentions(run.err, "/dev/zero: it is not a regular file"));
    }
}

TEST_CASE("a script over 16 MiB is refused before it is read", "[app][limits]") {
    const ScratchFolder scratch("large");
    const std::string file =
        scratch.write("large.movimentum", std::string(16 * 1024 * 1024 + 1, ' '));
    const ProgramRun run = runMovimentum(scratch, "check '" + file + "'");
    CHECK(run.exitCode == 2);
    CHECK(mentions(run.err, "it is larger than 16 MiB"));
    // Exactly at the limit it is read (and is an empty, valid script).
    std::filesystem::resize_file(file, 16 * 1024 * 1024);
    CHECK(runMovimentum(scratch, "check '" + file + "'").exitCode == 0);
}

TEST_CASE("memory running out ends the command with a message and exit code 2", "[app][limits]") {
    // 8 MiB of `x;` make millions of tokens and statements; under a 1 GB address-space limit the
    // parser's allocations fail long before the end.
    const ScratchFolder scratch("memory");
    std::string text;
    for (int i = 0; i < 4 * 1024 * 1024; ++i) text += "x;";
    const std::string file = scratch.write("many.movimentum", text);
    const ProgramRun run = runMovimentum(scratch, "check '" + file + "'", "ulimit -v 1000000;");
    INFO(run.err.substr(0, 500));
    CHECK(run.exitCode == 2);
    CHECK(mentions(run.err, "out of memory"));
}

TEST_CASE("control characters in names are printed escaped", "[app][limits]") {
    const ScratchFolder scratch("control");
    const std::string file =
        scratch.write("esc.movimentum",
                      "Img : '\x1b]0;owned\x07\x1b[2J.png' P = [0,0];\n@0 Img.P = [0,0];\n@1\n");
    const ProgramRun run = runMovimentum(scratch, "check '" + file + "'");
    INFO(run.out);
    CHECK(run.exitCode == 1);
    CHECK(mentions(run.out, "'\\x1b]0;owned\\x07\\x1b[2J.png' not found"));
    CHECK(run.out.find('\x1b') == std::string::npos);
    CHECK(run.out.find('\x07') == std::string::npos);
}

TEST_CASE("a frame range past the end: one message and exit code for solve and render",
          "[app][limits]") {
    const ScratchFolder scratch("past_end");
    const std::string file = scratch.write("rod.movimentum", kTurningRodScript);
    const ProgramRun solved = runMovimentum(scratch, "solve '" + file + "' --frames 50:60");
    const ProgramRun rendered = runMovimentum(scratch, "render '" + file + "' --frames 50:60 -o '" +
                                                           (scratch.path() / "f").string() + "'");
    CHECK(solved.exitCode == 2);
    CHECK(rendered.exitCode == 2);
    CHECK(solved.err == "solve: the animation has only 11 frames\n");
    CHECK(rendered.err == "render: the animation has only 11 frames\n");
    CHECK(solved.out.empty());
}
