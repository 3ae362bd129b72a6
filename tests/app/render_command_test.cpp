// Runs the real `movimentum render` as a user does, without a display (no DISPLAY, no
// WAYLAND_DISPLAY, no QT_QPA_PLATFORM): files written, their size, exit codes, --force.

#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/app/program_run.h"

using mv::test::ScratchFolder;
namespace fs = std::filesystem;

namespace {

// 1 s at 10 fps (11 frames) of a 200×100 world with a turning bar.
const char* const kScript =
    ".config(10, 200, 100);\n"
    "Rod : .bar A = [0,0] B = [50,0] color = 'red' width = 4;\n"
    "@0  Rod.A = [100,50]; Rod.B = Rod.A + [50,0].rotate(90° * t);\n"
    "@1\n";

int render(const std::string& arguments) {
    const std::string command = "env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM " +
                                std::string(MOVIMENTUM_PROGRAM) + " render " + arguments +
                                " >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// A folder of its own per test with the script in it, removed afterwards.
struct Scratch {
    explicit Scratch(const std::string& name) : folder("render_" + name), path(folder.path()) {
        folder.write("rod.movimentum", kScript);
    }
    std::string script() const { return (path / "rod.movimentum").string(); }
    ScratchFolder folder;
    fs::path path;
};

int pngCount(const fs::path& folder) {
    int count = 0;
    for (const auto& entry : fs::directory_iterator(folder))
        count += entry.path().extension() == ".png";
    return count;
}

// Width and height from a PNG's IHDR chunk (big-endian, at bytes 16 and 20).
std::pair<int, int> pngSize(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    unsigned char header[24] = {};
    in.read(reinterpret_cast<char*>(header), sizeof header);
    auto word = [&](int at) {
        return (header[at] << 24) | (header[at + 1] << 16) | (header[at + 2] << 8) | header[at + 3];
    };
    return {word(16), word(20)};
}

}  // namespace

TEST_CASE("render: a PNG sequence into a folder, scaled", "[app][render]") {
    const Scratch scratch("folder");
    const fs::path out = scratch.path / "frames";
    REQUIRE(render(scratch.script() + " -o " + out.string() + " --scale 0.5") == 0);
    CHECK(pngCount(out) == 11);
    CHECK(pngSize(out / "frame_0000.png") == std::pair(100, 50));
    CHECK(fs::exists(out / "frame_0010.png"));
}

TEST_CASE("render: nothing is overwritten without --force", "[app][render]") {
    const Scratch scratch("force");
    const std::string out = (scratch.path / "f_%03d.png").string();
    REQUIRE(render(scratch.script() + " -o " + out + " --frames 2:5") == 0);
    CHECK(pngCount(scratch.path) == 4);  // 2, 3, 4 and 5
    CHECK(fs::exists(scratch.path / "f_005.png"));
    CHECK(render(scratch.script() + " -o " + out + " --frames 2:5") == 2);
    CHECK(render(scratch.script() + " -o " + out + " --frames 2:5 --force") == 0);
}

TEST_CASE("render: usage errors and script errors", "[app][render]") {
    const Scratch scratch("errors");
    const std::string out = (scratch.path / "frames").string();
    CHECK(render(scratch.script()) == 2);  // no -o
    CHECK(render(scratch.script() + " -o " + out + " --format bmp") == 2);
    CHECK(render(scratch.script() + " -o " + out + " --frames 5:2") == 2);
    CHECK(render(scratch.script() + " -o " + out + " --scale -1") == 2);
    CHECK(render((scratch.path / "missing.movimentum").string() + " -o " + out) == 2);
    std::ofstream(scratch.path / "bad.movimentum") << "Rod : .bar A = [0,0];\n@0 Rod.A = ;\n";
    CHECK(render((scratch.path / "bad.movimentum").string() + " -o " + out) == 1);
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("render: MP4 through ffmpeg", "[app][render][ffmpeg]") {
    INFO("scripts/install-deps.sh installs Debian's ffmpeg");
    REQUIRE(std::system("command -v ffmpeg >/dev/null 2>&1") == 0);
    const Scratch scratch("mp4");
    const fs::path out = scratch.path / "rod.mp4";
    REQUIRE(render(scratch.script() + " -o " + out.string()) == 0);
    CHECK(fs::file_size(out) > 1000);
}
