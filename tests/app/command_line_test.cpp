// The conventions every sub-command follows (command_line.h): --help prints that command's usage
// on standard output and exits 0, --version prints the version from CMake and exits 0, an unknown
// option exits 2 with a pointer to --help, and render's progress line stays out of pipes.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "tests/app/program_run.h"

using namespace mv::test;

TEST_CASE("every command prints its usage on --help and exits 0", "[app][command-line]") {
    const ScratchFolder scratch("help");
    for (const std::string command : {"", "check ", "solve ", "render "}) {
        const ProgramRun run = runMovimentum(scratch, command + "--help");
        INFO(command << run.err);
        CHECK(run.exitCode == 0);
        CHECK(run.out.rfind("Usage: movimentum " + command, 0) == 0);
        CHECK(run.err.empty());
    }
    CHECK(runMovimentum(scratch, "render -h").out.find("--frames <A:B>") != std::string::npos);
    CHECK(runMovimentum(scratch, "solve --help").out.find("--csv") != std::string::npos);
}

TEST_CASE("every command prints the version CMake gives on --version", "[app][command-line]") {
    const ScratchFolder scratch("version");
    for (const std::string command : {"", "check ", "solve ", "render "}) {
        const ProgramRun run = runMovimentum(scratch, command + "--version");
        INFO(command);
        CHECK(run.exitCode == 0);
        CHECK(run.out == "movimentum " MOVIMENTUM_VERSION "\n");
    }
}

TEST_CASE("an unknown option or a missing value is a usage error", "[app][command-line]") {
    const ScratchFolder scratch("usage");
    const std::string script = scratch.write("rod.movimentum", kTurningRodScript);
    const ProgramRun unknown = runMovimentum(scratch, "solve " + script + " --bogus");
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.err.find("movimentum solve: Unknown option 'bogus'") != std::string::npos);
    CHECK(unknown.err.find("movimentum solve --help") != std::string::npos);
    CHECK(runMovimentum(scratch, "render " + script + " -o").exitCode == 2);
    CHECK(runMovimentum(scratch, "check").exitCode == 2);
    CHECK(runMovimentum(scratch, "check " + script + " " + script).exitCode == 2);
}

TEST_CASE("render prints no progress into a pipe, and --quiet prints nothing",
          "[app][command-line][render]") {
    const ScratchFolder scratch("quiet");
    const std::string script = scratch.write("rod.movimentum", kTurningRodScript);
    const std::string out = (scratch.path() / "frames").string();
    const ProgramRun piped = runMovimentum(scratch, "render " + script + " -o " + out);
    CHECK(piped.exitCode == 0);
    CHECK(piped.err.empty());  // standard error is a file here, not a terminal
    CHECK(piped.out == "11 frames written to " + out + "\n");
    const ProgramRun quiet =
        runMovimentum(scratch, "render " + script + " -o " + out + " --force --quiet");
    CHECK(quiet.exitCode == 0);
    CHECK(quiet.out.empty());
    CHECK(quiet.err.empty());
}

TEST_CASE("render shows its progress with frames/s on a terminal", "[app][command-line][render]") {
    INFO("util-linux's script comes with Debian's bsdutils, which scripts/install-deps.sh names");
    REQUIRE(std::system("command -v script >/dev/null 2>&1") == 0);
    const ScratchFolder scratch("terminal");
    const std::string script = scratch.write("rod.movimentum", kTurningRodScript);
    const std::string out = (scratch.path() / "frames").string();
    // `script` runs the command on a pseudo-terminal and copies what it shows to our stdout.
    const std::string command = "script -qec 'env -u DISPLAY " + std::string(MOVIMENTUM_PROGRAM) +
                                " render " + script + " -o " + out + "' /dev/null > '" +
                                (scratch.path() / "terminal.txt").string() + "'";
    REQUIRE(std::system(command.c_str()) == 0);
    const std::string shown = readWhole(scratch.path() / "terminal.txt");
    CHECK(shown.find("writing frames: 11 of 11 frames") != std::string::npos);
    CHECK(shown.find(" frames/s") != std::string::npos);
    CHECK(shown.find("11 frames written to " + out) != std::string::npos);
}
