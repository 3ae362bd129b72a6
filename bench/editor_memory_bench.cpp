// The editor's memory (docs/performance.md, "Memory"): the real editor window (offscreen, shown)
// opens 10,000 frames of a 50-thing machine (bench::chain(50, 400)), solves them while streaming
// them to the canvas, then takes one edit of the last bar and solves again. What a user's machine
// pays is the resident set, so that is what is reported, from /proc/self/status:
//   held_MB  resident after the solve, above the window before the script was opened: the frames
//            as the editor keeps them (the animation, the cache and whatever else refers to them).
//            Measured after malloc_trim(0), so that memory freed but kept by the allocator's
//            arenas (the worker's streamed batches) does not count as held.
//   peak_MB  the process's peak (VmHWM) above the same start: streaming, solving and the edit
//   frame_KB one frame's values (poses, their velocities and accelerations, variables, states)
// The solver alone on the same script is memory_bench.

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QFile>
#include <QTemporaryDir>
#include <QThreadPool>

#include <malloc.h>

#include <fstream>
#include <string>

#include "bench/bench_scripts.h"
#include "tests/ui/window_under_test.h"
#include "ui/editor/script_editor.h"
#include "ui/preview/live_preview.h"

using namespace mv;

namespace {

// A field of /proc/self/status ("VmRSS", "VmHWM") in kilobytes.
long statusKb(const std::string& field) {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
    return 0;
}

size_t frameBytes(const FrameSolution& frame) {
    size_t bytes = sizeof frame + 3 * frame.poses.size() * sizeof(Pose) +
                   3 * frame.variables.size() * sizeof(Vec2) + frame.pivots.size() * sizeof(Vec2);
    for (const auto& states : frame.elements) bytes += 3 * states.size() * sizeof(Vec2);
    return bytes;
}

void waitUntilComplete(test::WindowUnderTest& window) {
    while (!window.preview()->shown().complete || window.preview()->isBusy())
        QApplication::processEvents(QEventLoop::WaitForMoreEvents);
    QThreadPool::globalInstance()->waitForDone();  // the animation replaced is freed there
}

// The resident set once the allocator has given back what it holds free.
long heldKb() {
    malloc_trim(0);
    return statusKb("VmRSS");
}

void BM_EditorTenThousandFramesOfFiftyThings(benchmark::State& state) {
    QTemporaryDir dir;
    const QString path = dir.filePath("chain.movimentum");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QByteArray::fromStdString(bench::chain(50, 400))) < 0)
        return state.SkipWithError("cannot write the script");
    file.close();
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.resize(1400, 860);
    window.show();
    QApplication::processEvents();
    const long start = heldKb();
    double heldMb = 0, editedMb = 0;
    for (auto _ : state) {
        if (!window.openFile(path)) return state.SkipWithError("cannot open the script");
        waitUntilComplete(window);
        heldMb = double(heldKb() - start) / 1024;
        // One edit of the last bar's turn: the whole animation is solved again.
        QString text = window.editor()->toPlainText();
        text.replace(text.lastIndexOf("45°"), 3, "46°");
        window.editor()->setPlainText(text);
        waitUntilComplete(window);
        editedMb = double(heldKb() - start) / 1024;
    }
    const PreviewAnimation& shown = window.preview()->shown();
    state.counters["frames"] = shown.solvedCount();
    state.counters["frame_KB"] = double(frameBytes(shown.solved()[0])) / 1024;
    state.counters["held_MB"] = heldMb;
    state.counters["held_after_edit_MB"] = editedMb;
    state.counters["peak_MB"] = double(statusKb("VmHWM") - start) / 1024;
}
BENCHMARK(BM_EditorTenThousandFramesOfFiftyThings)
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
