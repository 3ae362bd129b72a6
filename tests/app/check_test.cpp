// Runs the real `movimentum check` on script files, as a user or CI does, and checks what it
// prints and its exit code.

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "tests/app/program_run.h"

using mv::test::ScratchFolder;

namespace {

struct Run {
    std::string output;  // stdout only
    int exitCode = -1;
};

Run runProgram(const std::string& arguments) {
    const std::string command = std::string(MOVIMENTUM_PROGRAM) + " " + arguments + " 2>/dev/null";
    Run run;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::array<char, 4096> buffer{};
    while (const size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
        run.output.append(buffer.data(), n);
    const int status = pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

// A valid 1×1 transparent PNG.
const unsigned char kOnePixelPngBytes[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
    0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00,
    0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78,
    0x9c, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01, 0x7a, 0x5e, 0xab, 0x3f,
    0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};
const std::string kOnePixelPng(reinterpret_cast<const char*>(kOnePixelPngBytes),
                               sizeof kOnePixelPngBytes);

}  // namespace

TEST_CASE("check: a good script prints nothing and exits 0", "[app][check]") {
    const ScratchFolder folder("good");
    const std::string file =
        folder.write("good.movimentum",
                     "Crank : .bar P = [0,0] Q = [0,30];\n"
                     "@0 Crank.P = [100, 100]; Crank.Q = Crank.P + [c, 0].rotate(180° * t);\n"
                     "@+2\n");
    const Run run = runProgram("check " + file);
    CHECK(run.output.empty());
    CHECK(run.exitCode == 0);
}

TEST_CASE("check: errors print as FILE:LINE:COL in source order and exit 1", "[app][check]") {
    const ScratchFolder folder("broken");
    const std::string file = folder.write("broken.movimentum",
                                          "Crank : .bar P = [0,0];\n"
                                          "Crank : .bar Q = [0,0];\n"
                                          "@0 Crank.P = [x, 80]; x = Crank.P;\n"
                                          "   Crank.R = [1, 2];\n");
    const Run run = runProgram("check " + file);
    CHECK(run.output == file + ":2:1: error: Crank is already defined at 1:1\n" + file +
                            ":3:23: error: x is a vector here but a scalar at 3:15\n" + file +
                            ":4:10: error: unknown anchor 'R' of Crank\n");
    CHECK(run.exitCode == 1);
}

TEST_CASE("check: warnings alone exit 0", "[app][check]") {
    const ScratchFolder folder("warning");
    const std::string file = folder.write("warn.movimentum",
                                          "A : .bar P = [0,0] Q = [1,0];\n"
                                          "@0 A.P = [0,0]; A.Q - A.P = _;\n");
    const Run run = runProgram("check " + file);
    CHECK(run.output.rfind(file + ":2:17: warning: ", 0) == 0);
    CHECK(run.exitCode == 0);
}

TEST_CASE("check: images are found next to the script, whatever the working folder",
          "[app][check]") {
    const ScratchFolder folder("images");
    folder.write("present.png", kOnePixelPng);
    const std::string file = folder.write("images.movimentum",
                                          "A : 'present.png' P = [0,0];\n"
                                          "B : 'absent.png' P = [0,0];\n"
                                          "@0 A.P = [0,0]; B.P = [1,1];\n");
    const Run run = runProgram("check " + file);
    CHECK(run.output.rfind(file + ":2:5: error: image file 'absent.png' not found", 0) == 0);
    CHECK(run.exitCode == 1);
}

TEST_CASE("check: an image file that is not a picture is an error on its name", "[app][check]") {
    const ScratchFolder folder("fake_image");
    folder.write("fake.png", "not really a PNG, but a file");
    folder.write("empty.png", "");
    const std::string file = folder.write("fake.movimentum",
                                          "A : 'fake.png' P = [0,0];\n"
                                          "B : 'empty.png' P = [0,0];\n"
                                          "@0 A.P = [0,0]; B.P = [1,1];\n");
    const Run run = runProgram("check " + file);
    CHECK(run.output.rfind(file + ":1:5: error: image file 'fake.png' cannot be drawn: ", 0) == 0);
    CHECK(run.output.find(file + ":2:5: error: image file 'empty.png' cannot be drawn: the file is "
                                 "empty") != std::string::npos);
    CHECK(run.exitCode == 1);
}

TEST_CASE("check: an unreadable file or bad usage exits 2", "[app][check]") {
    CHECK(runProgram("check /nonexistent/script.movimentum").exitCode == 2);
    CHECK(runProgram("check").exitCode == 2);
    CHECK(runProgram("check a.movimentum b.movimentum").exitCode == 2);
    const ScratchFolder folder("a_folder");
    CHECK(runProgram("check " + folder.path().string()).exitCode == 2);
}
