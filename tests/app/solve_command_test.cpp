// Runs the real `movimentum solve` on script files and checks its output, its JSON and its exit
// codes: the pump sample solves, a frame range includes both ends, conflicting constraints fail the
// frame and name both constraints with their lines, usage and script errors exit as documented.

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include "tests/app/program_run.h"

using mv::test::ScratchFolder;

namespace {

struct SolveRun {
    std::string output;  // stdout only
    int exitCode = -1;
};

SolveRun solve(const std::string& arguments) {
    const std::string command =
        std::string(MOVIMENTUM_PROGRAM) + " solve " + arguments + " 2>/dev/null";
    SolveRun run;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::array<char, 4096> buffer{};
    while (const size_t n = fread(buffer.data(), 1, buffer.size(), pipe))
        run.output.append(buffer.data(), n);
    const int status = pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

const std::string kPump = std::string(MOVIMENTUM_SOURCE_DIR) + "/samples/pump.movimentum";

}  // namespace

TEST_CASE("solve prints every frame of the pump as JSON", "[app][solve]") {
    const SolveRun run = solve(kPump + " --json");
    CHECK(run.exitCode == 0);
    CHECK(run.output.rfind(
              "{\"format\":\"movimentum-solve\",\"version\":\"" MOVIMENTUM_VERSION
              "\",\"fps\":25,\"width\":640,\"height\":360,\"diagnostics\":[],\"frames\":[",
              0) == 0);
    CHECK(count(run.output, "\"status\":\"ok\"") == 326);
    CHECK(count(run.output, "\"status\":\"failed\"") == 0);
    CHECK(count(run.output, "\"Crank\":{\"x\":") == 326);
    // Named variables are printed, anonymous ones are not.
    CHECK(count(run.output, "\"variables\":{\"x\":") == 326);
    CHECK(count(run.output, "\"_\"") == 0);
}

TEST_CASE("solve --frames A:B prints frames A through B", "[app][solve]") {
    const SolveRun run = solve(kPump + " --json --frames 100:103");
    CHECK(run.exitCode == 0);
    CHECK(count(run.output, "\"index\":") == 4);
    CHECK(count(run.output, "\"index\":100,") == 1);
    CHECK(count(run.output, "\"index\":103,") == 1);
    CHECK(count(solve(kPump + " --json --frames 320:").output, "\"index\":") == 6);
    const SolveRun text = solve(kPump + " --frames 7");
    CHECK(count(text.output, "frame ") == 1);
    CHECK(text.output.rfind("frame 7  T=0.28 s", 0) == 0);
}

TEST_CASE("a conflict fails the frame and names the later constraint with its line",
          "[app][solve]") {
    const ScratchFolder folder("solve_conflict");
    const std::string file = folder.write("conflict.movimentum",
                                          "A : .bar P = [0,0];\n"
                                          "@0\n"
                                          "A.P = [10,20];\n"
                                          "   A.P = [10.5,20];\n");
    const SolveRun run = solve(file + " --json");
    CHECK(run.exitCode == 3);
    CHECK(count(run.output, "\"status\":\"failed\"") == 1);
    CHECK(count(run.output,
                "{\"severity\":\"error\",\"line\":4,\"column\":4,\"message\":\"this constraint "
                "cannot hold "
                "in frame 0: off by up to 0.5, with the constraints it depends on\"}") == 1);
    CHECK(count(run.output,
                "{\"severity\":\"note\",\"line\":3,\"column\":1,\"message\":\"fixes what the "
                "constraint "
                "on line 4 needs\"}") == 1);
    CHECK(count(run.output, "\"off\":[{\"line\":4,\"column\":4,\"by\":0.5}]") == 1);
}

TEST_CASE("solve reports a free degree of freedom and exits 0", "[app][solve]") {
    const ScratchFolder folder("solve_free");
    const std::string file = folder.write(
        "free.movimentum", "Engine : .bar P = [0,0] Q = [10,0];\n@0 Engine.P = [20,80];\n");
    const SolveRun run = solve(file + " --json");
    CHECK(run.exitCode == 0);
    CHECK(count(run.output, "\"message\":\"Engine can still rotate about Engine.P\"") == 1);
}

TEST_CASE("solve exits 2 on bad usage and 1 on a script with errors", "[app][solve]") {
    CHECK(solve("").exitCode == 2);
    CHECK(solve(kPump + " --frames 5:2").exitCode == 2);
    CHECK(solve(kPump + " --bogus").exitCode == 2);
    CHECK(solve(kPump + " --json --csv").exitCode == 2);
    CHECK(solve("/nonexistent/file.movimentum").exitCode == 2);
    const ScratchFolder folder("solve_broken");
    const std::string broken =
        folder.write("broken.movimentum", "A : .bar P = [0,0];\n@0 A.P = ;\n");
    CHECK(solve(broken).exitCode == 1);
}
