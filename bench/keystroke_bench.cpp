// Keystroke to canvas (figures in docs/performance.md, "Keystroke to canvas"): the wall-clock time
// from a key press in the script to the canvas painted with the edited script's frame under the
// playhead, through the real editor window (offscreen platform, 1400×860, shown) and its live
// preview: its debounce (none after a run that showed its frame within a display frame),
// compiling, solving that frame ahead of the others, the queued hand-over to the GUI thread and
// the paint. Each keystroke changes a digit of the crank's
// position (330 ↔ 335, so the whole animation changes) and the next waits until the solve is done.
//
// Counters, medians over the iterations (milliseconds after the key press):
//   painted_ms  the canvas starts painting the new frame under the playhead (what the user sees)
//   ahead_ms    that frame, solved ahead of the others, reached the GUI thread (-1: none, the
//               in-order solve was there first)
//   in_order_ms the in-order solve, where every frame follows the one before, reached the
//               playhead's frame (when the canvas changed before frames were solved ahead)
//   complete_ms the whole animation solved
// Scripts: the pump sample with the playhead at frame 250 of 326, and the pump turning for 600 s
// (15,001 frames) with the playhead at frame 14,000.

#include <benchmark/benchmark.h>

#include <QAbstractScrollArea>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <vector>

#include "core/compile.h"
#include "solver/api/single_frame.h"
#include "tests/ui/window_under_test.h"
#include "ui/canvas/canvas_view.h"
#include "ui/editor/script_editor.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/image_files.h"
#include "ui/scene/image_library.h"
#include "ui/timeline/timeline_panel.h"

using namespace mv;

namespace {

const QString kPump = MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum";

ImageLibrary& images() {
    static ImageLibrary library;
    return library;
}

// Times, after the key press, when the canvas starts painting the edited script's frame under
// the playhead (the paint itself adds 0.5–0.8 ms, BM_WindowGoToFramePainted in ui_bench), when
// that frame reached the GUI thread solved ahead, when the in-order solve reached it, and when
// the whole animation was solved.
class Timeline : public QObject {
public:
    Timeline(test::WindowUnderTest& window, int playhead) : m_window(window), m_playhead(playhead) {
        window.canvas()->viewport()->installEventFilter(this);
        connect(window.preview(), &LivePreview::framesAdded, this, [this](int first, int end) {
            const bool ahead = end - first == 1 && first == m_playhead && m_playhead > 0 &&
                               m_window.preview()->shown().solvedCount() <= m_playhead;
            if (ahead && aheadAt < 0) aheadAt = now();
            if (!ahead && m_playhead >= first && m_playhead < end && inOrderAt < 0)
                inOrderAt = now();
        });
        connect(window.preview(), &LivePreview::animationComplete, this,
                [this] { completeAt = now(); });
    }
    void start() {
        m_before = m_window.preview()->shown().script.get();
        paintedAt = aheadAt = inOrderAt = completeAt = -1;
        m_clock.start();
    }
    bool done() const { return paintedAt >= 0 && completeAt >= 0; }

    double paintedAt = -1, aheadAt = -1, inOrderAt = -1, completeAt = -1;

protected:
    bool eventFilter(QObject*, QEvent* event) override {
        const PreviewAnimation& shown = m_window.preview()->shown();
        if (event->type() == QEvent::Paint && paintedAt < 0 && m_before &&
            shown.script.get() != m_before && shown.frame(m_playhead))
            paintedAt = now();
        return false;
    }

private:
    double now() const { return m_clock.nsecsElapsed() / 1e6; }

    test::WindowUnderTest& m_window;
    int m_playhead;
    const Script* m_before = nullptr;
    QElapsedTimer m_clock;
};

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

void keystrokeToCanvas(benchmark::State& state, const QString& text, int playhead) {
    QTemporaryDir dir;
    const QString path = dir.filePath("pump.movimentum");
    for (const char* image : {"engine.png", "crank.png", "conrod.png", "piston.png"})
        QFile::copy(MOVIMENTUM_SOURCE_DIR "/samples/" + QString(image), dir.filePath(image));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0)
        return state.SkipWithError("cannot write the script");
    file.close();
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.resize(1400, 860);
    window.show();
    if (!window.openFile(path)) return state.SkipWithError("cannot open the script");
    while (!window.preview()->shown().complete) QApplication::processEvents();
    window.timeline()->setCurrentFrame(playhead);
    Timeline times(window, playhead);
    ScriptEditor* editor = window.editor();
    const int digit = static_cast<int>(editor->toPlainText().indexOf("[330,0]")) + 3;
    std::vector<double> painted, ahead, inOrder, complete;
    bool five = true;
    for (auto _ : state) {
        QTextCursor cursor(editor->document());
        cursor.setPosition(digit);
        cursor.setPosition(digit + 1, QTextCursor::KeepAnchor);
        editor->setTextCursor(cursor);
        editor->setFocus();
        times.start();
        QTest::keyClick(editor, five ? '5' : '0');
        five = !five;
        while (!times.done() || window.preview()->isBusy())
            QApplication::processEvents(QEventLoop::WaitForMoreEvents);
        painted.push_back(times.paintedAt);
        ahead.push_back(times.aheadAt);
        inOrder.push_back(times.inOrderAt);
        complete.push_back(times.completeAt);
        state.SetIterationTime(times.paintedAt / 1000);
    }
    state.counters["painted_ms"] = median(painted);
    state.counters["painted_max_ms"] = *std::max_element(painted.begin(), painted.end());
    state.counters["ahead_ms"] = median(ahead);
    state.counters["in_order_ms"] = median(inOrder);
    state.counters["complete_ms"] = median(complete);
}

QString pumpText(const QString& lastStep) {
    QFile file(kPump);
    file.open(QIODevice::ReadOnly);
    return QString::fromUtf8(file.readAll()).replace("@+12.0", lastStep);
}

void BM_KeystrokeToCanvasPump(benchmark::State& state) {
    keystrokeToCanvas(state, pumpText("@+12.0"), 250);
}
void BM_KeystrokeToCanvasPump15001Frames(benchmark::State& state) {
    keystrokeToCanvas(state, pumpText("@+599.0"), 14000);
}
BENCHMARK(BM_KeystrokeToCanvasPump)->UseManualTime()->Iterations(21)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_KeystrokeToCanvasPump15001Frames)
    ->UseManualTime()
    ->Iterations(21)
    ->Unit(benchmark::kMillisecond);

// The worker's part of painted_ms after the debounce: compiling the edited text, planning its
// frames and solving the playhead's frame ahead from the frame before the edit.
void solveAhead(benchmark::State& state, const QString& text, int playhead) {
    const std::string folder = MOVIMENTUM_SOURCE_DIR "/samples";
    auto compile = [&](const QString& t) {
        return compileScript(std::make_shared<const SourceText>("pump", t.toStdString()),
                             ImageFiles(images(), QString::fromStdString(folder)))
            .script;
    };
    const auto before = compile(text);
    SolveOptions upToPlayhead;
    upToPlayhead.endFrame = playhead + 1;
    const Animation old = solveAnimation(before, upToPlayhead);
    const QString edited = QString(text).replace("[330,0]", "[335,0]");
    for (auto _ : state) {
        const auto script = compile(edited);
        const FramePlan plan = planFrames(*script);
        FrameSolution start = carryOver(*script, before.get(), &old.frames.back());
        benchmark::DoNotOptimize(solveSingleFrame(*script, plan, playhead, std::move(start)));
    }
}

void BM_CompileAndSolveAheadPump(benchmark::State& state) {
    solveAhead(state, pumpText("@+12.0"), 250);
}
void BM_CompileAndSolveAheadPump15001Frames(benchmark::State& state) {
    solveAhead(state, pumpText("@+599.0"), 14000);
}
BENCHMARK(BM_CompileAndSolveAheadPump)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CompileAndSolveAheadPump15001Frames)->Unit(benchmark::kMillisecond);

}  // namespace
