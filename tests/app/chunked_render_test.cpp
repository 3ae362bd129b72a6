// Rendering on many machines: `render --frames A:B` names frames by their index in the whole
// animation, so chunks rendered by separate runs into one folder give the same files, byte for
// byte, as one run over all frames (docs/command-line.md shows it with GNU parallel).

#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>

#include "tests/app/program_run.h"

using namespace mv::test;
namespace fs = std::filesystem;

namespace {

std::set<std::string> names(const fs::path& folder) {
    std::set<std::string> files;
    for (const auto& entry : fs::directory_iterator(folder))
        files.insert(entry.path().filename().string());
    return files;
}

}  // namespace

TEST_CASE("frames rendered in chunks are the files of one whole render", "[app][render]") {
    const ScratchFolder scratch("chunks");
    const std::string script = scratch.write("rod.movimentum", kTurningRodScript);
    for (const std::string format : {"png", "svg"}) {
        INFO(format);
        const fs::path whole = scratch.path() / ("whole_" + format);
        const fs::path chunked = scratch.path() / ("chunked_" + format);
        const std::string render = "render " + script + " --format " + format + " -o ";
        REQUIRE(runMovimentum(scratch, render + whole.string()).exitCode == 0);
        for (const std::string range : {"0:3", "4:7", "8:"})
            REQUIRE(
                runMovimentum(scratch, render + chunked.string() + " --frames " + range).exitCode ==
                0);
        REQUIRE(names(whole).size() == 11);
        REQUIRE(names(chunked) == names(whole));
        for (const std::string& name : names(whole)) {
            INFO(name);
            CHECK(readWhole(chunked / name) == readWhole(whole / name));
        }
    }
}
