// `solve --json` and `solve --csv` on the pump sample, read back as a program would: the JSON names
// its format and version, every number in it is the shortest text that reads back to its double,
// and the pump's fixed hub reads back where the script puts it; the CSV has a header and one row
// per frame, as many cells in each row as columns in the header.

#include <catch2/catch.hpp>

#include <charconv>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "tests/app/program_run.h"

using namespace mv::test;

namespace {

const std::string kPump = std::string(MOVIMENTUM_SOURCE_DIR) + "/samples/pump.movimentum";

// Every JSON number in `text` (outside strings), as written.
std::vector<std::string> jsonNumbers(const std::string& text) {
    std::vector<std::string> numbers;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\') ++i;
            if (c == '"') inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            continue;
        }
        if (c != '-' && (c < '0' || c > '9')) continue;
        const size_t end = text.find_first_of(",]}", i);
        numbers.push_back(text.substr(i, end - i));
        i = end - 1;
    }
    return numbers;
}

std::vector<std::string> split(const std::string& line, char separator) {
    std::vector<std::string> cells;
    std::stringstream stream(line);
    std::string cell;
    while (std::getline(stream, cell, separator)) cells.push_back(cell);
    if (!line.empty() && line.back() == separator) cells.emplace_back();
    return cells;
}

}  // namespace

TEST_CASE("solve --json names its format and version, and every number round-trips",
          "[app][solve][json]") {
    const ScratchFolder scratch("json");
    const ProgramRun run = runMovimentum(scratch, "solve " + kPump + " --json");
    REQUIRE(run.exitCode == 0);
    CHECK(run.out.rfind("{\"format\":\"movimentum-solve\",\"version\":\"" MOVIMENTUM_VERSION "\"",
                        0) == 0);
    const std::vector<std::string> numbers = jsonNumbers(run.out);
    REQUIRE(numbers.size() > 326 * 20);
    for (const std::string& written : numbers) {
        // Read it back, then write the double the shortest way: the same text, or it was not.
        const double value = std::strtod(written.c_str(), nullptr);
        char again[32];
        const auto end = std::to_chars(again, again + sizeof again, value).ptr;
        INFO(written);
        REQUIRE(std::string(again, end) == written);
    }
    // The crank's hub is Engine.P + [330, 0] = [390, 180] in every frame.
    int hubs = 0;
    for (size_t at = run.out.find("\"Crank\":{"); at != std::string::npos;
         at = run.out.find("\"Crank\":{", at + 1)) {
        const size_t x = run.out.find("\"P\":[", at) + 5;
        const size_t y = run.out.find(',', x) + 1;
        CHECK(std::strtod(run.out.c_str() + x, nullptr) == Approx(390).margin(1e-9));
        CHECK(std::strtod(run.out.c_str() + y, nullptr) == Approx(180).margin(1e-9));
        ++hubs;
    }
    CHECK(hubs == 326);
}

TEST_CASE("solve --csv has a header and one row per frame", "[app][solve][csv]") {
    const ScratchFolder scratch("csv");
    const ProgramRun run = runMovimentum(scratch, "solve " + kPump + " --csv");
    REQUIRE(run.exitCode == 0);
    const std::vector<std::string> lines = split(run.out, '\n');
    REQUIRE(lines.size() == 1 + 326 + 1);  // header, frames, and the empty rest after the last \n
    CHECK(lines.back().empty());
    const std::vector<std::string> header = split(lines[0], ',');
    CHECK(header[0] == "index");
    CHECK(header[4] == "status");
    size_t hubX = 0;
    for (size_t c = 0; c < header.size(); ++c)
        if (header[c] == "things.Crank.anchors.P.x") hubX = c;
    REQUIRE(hubX > 0);
    for (int frame = 0; frame < 326; ++frame) {
        const std::vector<std::string> row = split(lines[static_cast<size_t>(frame) + 1], ',');
        INFO("frame " << frame);
        REQUIRE(row.size() == header.size());
        CHECK(row[0] == std::to_string(frame));
        CHECK(row[4] == "ok");
        CHECK(std::strtod(row[hubX].c_str(), nullptr) == Approx(390).margin(1e-9));
    }
    const ProgramRun range = runMovimentum(scratch, "solve " + kPump + " --csv --frames 10:19");
    CHECK(split(range.out, '\n').size() == 1 + 10 + 1);
}

TEST_CASE("solve gives every variable's exact rate and acceleration", "[app][solve][csv]") {
    // s = 40 t and p = [3 t², 0]: rates 40 and [6 t, 0], accelerations 0 and [6, 0].
    const ScratchFolder scratch("variable_rates");
    const std::string script =
        scratch.write("rates.movimentum",
                      ".config(10, 400, 300);\n"
                      "Slide : .bar A = [0,0] B = [10,0];\n"
                      "@0 Slide.A = [s, 0] + p; Slide.B = Slide.A + [10, 0];\n"
                      "   s = 40 * t; p = [3 * t * t, 0];\n"
                      "@2\n");
    const ProgramRun run = runMovimentum(scratch, "solve " + script + " --csv");
    REQUIRE(run.exitCode == 0);
    const std::vector<std::string> lines = split(run.out, '\n');
    const std::vector<std::string> header = split(lines[0], ',');
    auto column = [&](const std::string& name) {
        for (size_t c = 0; c < header.size(); ++c)
            if (header[c] == name) return c;
        FAIL("no column " << name);
        return size_t(0);
    };
    const size_t time = column("time"), rate = column("variableVelocities.s"),
                 acceleration = column("variableAccelerations.s"),
                 pRate = column("variableVelocities.p.x"),
                 pAcceleration = column("variableAccelerations.p.x"),
                 anchorRate = column("things.Slide.velocities.A.x");
    REQUIRE(lines.size() == 1 + 21 + 1);
    for (size_t f = 1; f <= 21; ++f) {
        const std::vector<std::string> row = split(lines[f], ',');
        const double t = std::strtod(row[time].c_str(), nullptr);
        INFO("t = " << t);
        CHECK(std::strtod(row[rate].c_str(), nullptr) == Approx(40).epsilon(1e-12));
        CHECK(std::strtod(row[acceleration].c_str(), nullptr) == Approx(0).margin(1e-9));
        CHECK(std::strtod(row[pRate].c_str(), nullptr) == Approx(6 * t).margin(1e-9));
        CHECK(std::strtod(row[pAcceleration].c_str(), nullptr) == Approx(6).epsilon(1e-12));
        CHECK(std::strtod(row[anchorRate].c_str(), nullptr) == Approx(40 + 6 * t).epsilon(1e-12));
    }
    const ProgramRun text = runMovimentum(scratch, "solve " + script + " --frames 10 --velocities");
    CHECK(text.out.find("  s = 40  v=40  a=0\n") != std::string::npos);
}

TEST_CASE("solve --json writes an undefined velocity as null and never -0", "[app][solve][json]") {
    // A crank as long as its rod, at its dead centre exactly on frame 10 (225°/s at 25 fps: 90°
    // at 0.4 s): the rod's velocities there are undefined. The crank starts along +x with its pin
    // at y = 300, and the rod lies on y = 300: coordinates that round to zero from either side.
    const ScratchFolder scratch("json_null");
    const std::string script =
        scratch.write("dead.movimentum",
                      ".config(25, 800, 600);\n"
                      "Crank : .bar A = [0,0] B = [100,0];\n"
                      "Rod   : .bar A = [0,0] B = [100,0];\n"
                      "@0  Crank.A = [0,0]; Crank.B = Crank.A + [100,0].rotate(225° * t);\n"
                      "    Rod.A = Crank.B; Rod.B = [x, 0];\n"
                      "@0.8\n");
    const ProgramRun run = runMovimentum(scratch, "solve " + script + " --json");
    REQUIRE(run.exitCode == 0);
    for (const std::string& written : jsonNumbers(run.out)) {
        INFO(written);
        CHECK(written != "-0");
    }
    CHECK(run.out.find("[null,null]") == std::string::npos);
    CHECK(run.out.find("[null,") == std::string::npos);
    // Frame 10: the rod's anchors have no velocity there.
    const size_t frame = run.out.find("\"index\":10,");
    REQUIRE(frame != std::string::npos);
    const size_t rod = run.out.find("\"Rod\":{", frame);
    REQUIRE(rod != std::string::npos);
    const size_t velocities = run.out.find("\"velocities\":{", rod);
    REQUIRE(velocities != std::string::npos);
    const std::string undefined = "\"velocities\":{\"A\":null,\"B\":null}";
    CHECK(run.out.compare(velocities, undefined.size(), undefined) == 0);
}
