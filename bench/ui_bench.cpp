// Editor benchmarks (figures in docs/performance.md, "Editor"): moving to a solved
// frame: the scene alone, the whole window (scene, values, plots), and the whole window with the
// canvas painted; a live drag of the pump's crank hub, end to end (frames shown per second).
// Export is measured in bench/export_bench.cpp. All on the pump sample, solved once. Run with the
// offscreen platform (set when unset).

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QFile>
#include <QTemporaryDir>

#include <cmath>
#include <fstream>
#include <string>

#include "core/compile.h"
#include "solver/api/animation.h"
#include "tests/support/disk_images.h"
#include "tests/ui/window_under_test.h"
#include "ui/canvas/canvas_drag.h"
#include "ui/canvas/canvas_view.h"
#include "ui/canvas/drag_session.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/image_library.h"
#include "ui/scene/machine_scene.h"
#include "ui/timeline/timeline_panel.h"

using namespace mv;

namespace {

const std::string kPump = MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum";

std::shared_ptr<const Animation> pumpAnimation() {
    static const std::shared_ptr<const Animation> animation = [] {
        std::ifstream in(kPump);
        std::string text((std::istreambuf_iterator<char>(in)), {});
        auto source = std::make_shared<const SourceText>(kPump, text);
        const CompileResult compiled =
            compileScript(source, mv::test::DiskImages(MOVIMENTUM_SOURCE_DIR "/samples"));
        return std::make_shared<const Animation>(solveAnimation(compiled.script));
    }();
    return animation;
}

// Opens the pump in `window` and waits until every frame is solved; `painted`: shown on screen at
// a usual size first, so the canvas paints.
void openPump(test::WindowUnderTest& window, bool painted) {
    if (painted) {
        window.resize(1400, 860);
        window.show();
    }
    window.openFile(QString::fromStdString(kPump));
    while (!window.preview()->shown().complete) QApplication::processEvents();
}

void BM_SceneShowFrame(benchmark::State& state) {
    const auto animation = pumpAnimation();
    ImageLibrary images;
    MachineScene scene(images, MachineScene::Mode::Editor);
    scene.setScript(animation->script);
    size_t i = 0;
    for (auto _ : state) scene.showFrame(animation->frames[i++ % animation->frames.size()]);
}
BENCHMARK(BM_SceneShowFrame);

void BM_WindowGoToFrame(benchmark::State& state) {
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    openPump(window, false);
    const int frames = window.preview()->shown().frameCount();
    int i = 0;
    for (auto _ : state) window.timeline()->setCurrentFrame(i++ % frames);
}
BENCHMARK(BM_WindowGoToFrame);

// The same, plus painting the canvas at once (what the user sees; repaint() does not wait).
void BM_WindowGoToFramePainted(benchmark::State& state) {
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    openPump(window, true);
    const int frames = window.preview()->shown().frameCount();
    int i = 0;
    for (auto _ : state) {
        window.timeline()->setCurrentFrame(i++ % frames);
        window.canvas()->viewport()->repaint();
    }
}
BENCHMARK(BM_WindowGoToFramePainted);

// A live drag of the pump's crank hub at 4 s, end to end: the mouse's newest target to the worker,
// the frame solved there with the hub pulled toward it, the queued result, the scene and the
// painted canvas. The mouse circles 40 units about where the hub was, 2 units a step. Real time:
// the solve runs on the drag's worker thread. items_per_second: frames shown per second.
void BM_WindowDragCrankPainted(benchmark::State& state) {
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    openPump(window, true);
    window.timeline()->setCurrentFrame(100);
    const PreviewAnimation& shown = window.preview()->shown();
    const ThingId crank{shown.script->thingIndex("Crank")};
    const Grip hub{crank, 0, shown.script->things[crank].anchors[0].local};
    const Vec2 start = shown.solved()[100].poses[crank].apply(hub.local);
    CanvasDrag* drag = window.canvasDrag();
    if (!drag->begin(hub)) {
        state.SkipWithError("the drag did not start");
        return;
    }
    bool arrived = false;
    QObject::connect(drag->session(), &DragSession::solved, [&arrived] { arrived = true; });
    int step = 0;
    for (auto _ : state) {
        arrived = false;
        const double angle = 0.05 * step++;
        drag->moveTo(start + Vec2{std::cos(angle) - 1, std::sin(angle)} * 40.0);
        while (!arrived) QApplication::processEvents();
        window.canvas()->viewport()->repaint();
    }
    state.SetItemsProcessed(state.iterations());
    drag->finish();
}
BENCHMARK(BM_WindowDragCrankPainted)->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace
