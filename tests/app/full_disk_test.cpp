// A disk that fills up part way through `render` (issue 24): tests/support/full_disk_shim.cpp,
// preloaded into movimentum and the ffmpeg it runs, makes writes into the output folder fail with
// ENOSPC after a budget of bytes. Every older file stays as it was, nothing temporary is left, the
// message names the cause and the exit code is 2.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/app/program_run.h"

using namespace mv::test;
namespace fs = std::filesystem;

namespace {

// The shell prefix that fills the disk of `folder` after `bytes` bytes.
std::string fullDisk(const fs::path& folder, long long bytes) {
    return "LD_PRELOAD='" + std::string(MOVIMENTUM_FULL_DISK_SHIM) +
           "' MOVIMENTUM_FULL_DISK_PATH='" + folder.string() +
           "' MOVIMENTUM_FULL_DISK_BYTES=" + std::to_string(bytes);
}

// The names in `folder`, hidden ones too.
std::vector<std::string> entries(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

TEST_CASE("a full disk part way through a PNG sequence replaces no older frame",
          "[app][render][full-disk]") {
    const ScratchFolder scratch("full_disk_png");
    const std::string script = scratch.write("rod.movimentum", kTurningRodScript);
    const fs::path frames = scratch.path() / "frames";
    fs::create_directories(frames);
    std::vector<std::string> older;
    for (int i = 0; i <= 10; ++i) {
        older.push_back("frame_" + std::string(i < 10 ? "000" : "00") + std::to_string(i) + ".png");
        std::ofstream(frames / older.back()) << "older frame " << i;
    }
    // About three frames fit.
    const ProgramRun run =
        runMovimentum(scratch, "render '" + script + "' -o '" + frames.string() + "' --force",
                      fullDisk(frames, 3000));
    INFO(run.err);
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("No space left on device") != std::string::npos);
    CHECK(entries(frames) == older);
    for (int i = 0; i <= 10; ++i)
        CHECK(readWhole(frames / older[size_t(i)]) == "older frame " + std::to_string(i));
}

TEST_CASE("a full disk while ffmpeg writes keeps the older video", "[app][render][full-disk]") {
    const ScratchFolder scratch("full_disk_video");
    const std::string script = scratch.write("rod.movimentum", kTurningRodScript);
    const fs::path videos = scratch.path() / "videos";
    fs::create_directories(videos);
    const std::string target = (videos / "rod.mp4").string();
    std::ofstream(target) << "the older video";
    for (const long long bytes : {0LL, 2000LL}) {
        INFO(bytes << " bytes fit");
        const ProgramRun run =
            runMovimentum(scratch, "render '" + script + "' -o '" + target + "' --force",
                          fullDisk(videos, bytes));
        INFO(run.err);
        CHECK(run.exitCode == 2);
        CHECK(run.err.find("No space left on device") != std::string::npos);
        CHECK(run.out.find("frames written") == std::string::npos);
        CHECK(readWhole(target) == "the older video");
        CHECK(entries(videos) == std::vector<std::string>{"rod.mp4"});
    }
}
