// Keystroke to canvas (figures in docs/performance.md, "Keystroke to canvas"): the wall-clock time
// from a key press in the script to the canvas painted with the edited script's frame under the
// playhead, through the real editor window (offscreen platform, 1400×860, shown) and its live
// preview: the 150 ms debounce, compiling, solving that frame ahead of the others, the queued
// hand-over to the GUI thread and the paint. Each keystroke changes a digit of the crank's
// position (330 ↔ 335, so the whole animation changes) and the next waits until the solve is done.
//
// Counters, medians over the iterations (milliseconds after the key press):
//   painted_ms  the new frame under the playhead painted on the canvas (what the user sees)
//   in_order_ms when the in-order solve, which every frame follows, reached the playhead's frame
//               (when the canvas changed before frames were solved ahead)
//   complete_ms the whole animation solved
// Scripts: the pump sample with the playhead at frame 250 of 326, and the pump turning for 400 s
// (10,001 frames) with the playhead at frame 9,000.

#include <benchmark/benchmark.h>

#include <QAbstractScrollArea>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <vector>

#include "ui/canvas_view.h"
#include "ui/live_preview.h"
#include "ui/main_window.h"
#include "ui/script_editor.h"
#include "ui/timeline_panel.h"

using namespace mv;

namespace {

const QString kPump = MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum";

// Notes when the canvas paints after the edited script's frame under the playhead is shown.
class PaintWatch : public QObject {
public:
    PaintWatch(MainWindow& window, int playhead) : m_window(window), m_playhead(playhead) {
        window.canvas()->viewport()->installEventFilter(this);
    }
    void arm(const Script* before) {
        m_before = before;
        m_painted = false;
    }
    bool painted() const { return m_painted; }

protected:
    bool eventFilter(QObject*, QEvent* event) override {
        const PreviewAnimation& shown = m_window.preview()->shown();
        if (event->type() == QEvent::Paint && shown.script.get() != m_before &&
            shown.frame(m_playhead))
            m_painted = true;  // the paint itself runs right after this filter
        return false;
    }

private:
    MainWindow& m_window;
    int m_playhead;
    const Script* m_before = nullptr;
    bool m_painted = false;
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
    MainWindow window(UserPrompts{}, dir.path());
    window.resize(1400, 860);
    window.show();
    if (!window.openFile(path)) return state.SkipWithError("cannot open the script");
    while (!window.preview()->shown().complete) QApplication::processEvents();
    window.timeline()->setCurrentFrame(playhead);
    PaintWatch watch(window, playhead);
    ScriptEditor* editor = window.editor();
    const int digit = static_cast<int>(editor->toPlainText().indexOf("[330,0]")) + 3;
    std::vector<double> painted, inOrder, complete;
    bool five = true;
    for (auto _ : state) {
        QTextCursor cursor(editor->document());
        cursor.setPosition(digit);
        cursor.setPosition(digit + 1, QTextCursor::KeepAnchor);
        editor->setTextCursor(cursor);
        editor->setFocus();
        watch.arm(window.preview()->shown().script.get());
        double reached = -1;
        const auto connection = QObject::connect(
            window.preview(), &LivePreview::framesAdded, &window, [&](int first, int end) {
                const bool ahead = end - first == 1 && first == playhead && playhead > 0;
                if (!ahead && playhead >= first && playhead < end && reached < 0)
                    reached = 0;  // timed below, once this call returns
            });
        QElapsedTimer clock;
        clock.start();
        QTest::keyClick(editor, five ? '5' : '0');
        five = !five;
        double paintedAt = -1;
        while (paintedAt < 0 || window.preview()->isBusy()) {
            QApplication::processEvents(QEventLoop::AllEvents, 5);
            const double now = clock.nsecsElapsed() / 1e6;
            if (paintedAt < 0 && watch.painted()) paintedAt = now;
            if (reached == 0) reached = now;
        }
        complete.push_back(clock.nsecsElapsed() / 1e6);
        QObject::disconnect(connection);
        painted.push_back(paintedAt);
        inOrder.push_back(reached);
        state.SetIterationTime(paintedAt / 1000);
    }
    state.counters["painted_ms"] = median(painted);
    state.counters["painted_max_ms"] = *std::max_element(painted.begin(), painted.end());
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
void BM_KeystrokeToCanvasPump10001Frames(benchmark::State& state) {
    keystrokeToCanvas(state, pumpText("@+399.0"), 9000);
}
BENCHMARK(BM_KeystrokeToCanvasPump)->UseManualTime()->Iterations(21)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_KeystrokeToCanvasPump10001Frames)
    ->UseManualTime()
    ->Iterations(21)
    ->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
