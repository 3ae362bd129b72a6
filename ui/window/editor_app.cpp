#include "ui/window/editor_app.h"

#include <QApplication>
#include <QIcon>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QTimer>
#include <QWindow>

#include <cstdio>

#include "ui/canvas/canvas_drag.h"
#include "ui/files/autosave.h"
#include "ui/files/samples.h"
#include "ui/preview/live_preview.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/window/help_menu.h"
#include "ui/window/help_window.h"
#include "ui/window/main_window.h"
#include "ui/window/script_document.h"

// Resources compiled into a static library must be registered by hand, and outside any namespace.
static void initResources() {
    Q_INIT_RESOURCE(resources);
}

namespace mv {

void registerEditorResources() {
    initResources();
}

namespace {

constexpr int kScreenshotTimeoutMs = 30000;
constexpr int kScreenshotSettleMs = 300;  // let the window manager map and paint the window

// Saves the window as the screen shows it (QScreen::grabWindow reads the X server's pixels).
bool saveScreenshot(QWidget* window, const QString& path) {
    QScreen* screen = window->screen();
    QPixmap shot = screen ? screen->grabWindow(window->winId()) : QPixmap();
    if (shot.isNull() || shot.size().isEmpty()) shot = window->grab();  // e.g. offscreen
    return shot.save(path, "png");
}

// Starts a drag for the screenshot, as the mouse would: "Crank.P:30,40" grips Crank.P and pulls
// it 30 right and 40 up. Returns false when the spec names no anchor.
bool startDrag(MainWindow* window, const QString& spec) {
    static const QRegularExpression form(R"((\w+)\.(\w+):(-?[\d.]+),(-?[\d.]+))");
    const QRegularExpressionMatch match = form.match(spec);
    const PreviewAnimation& shown = window->preview()->shown();
    const FrameSolution* frame = shown.frame(window->timeline()->currentFrame());
    if (!match.hasMatch() || !frame) return false;
    const int thing = shown.script->thingIndex(match.captured(1).toStdString());
    if (thing < 0) return false;
    const Thing& t = shown.script->things[size_t(thing)];
    const int anchor = t.anchorIndex(match.captured(2).toStdString());
    if (anchor < 0) return false;
    const Grip grip{ThingId{thing}, anchor, t.anchors[size_t(anchor)].local};
    if (!window->canvasDrag()->begin(grip)) return false;
    const Vec2 offset{match.captured(3).toDouble(), match.captured(4).toDouble()};
    window->canvasDrag()->moveTo(frame->poses[size_t(thing)].apply(grip.local) + offset);
    return true;
}

void scheduleScreenshot(MainWindow* window, const QString& path, const QString& drag) {
    auto take = [window, path, drag] {
        // Show a frame two fifths of the way in: the machine is in motion there.
        TimelinePanel* timeline = window->timeline();
        timeline->setCurrentFrame(timeline->bar()->frameCount() * 2 / 5);
        if (!drag.isEmpty() && !startDrag(window, drag)) {
            std::fprintf(stderr, "screenshot: cannot drag %s\n", qPrintable(drag));
            QApplication::exit(2);
            return;
        }
        QTimer::singleShot(kScreenshotSettleMs, window, [window, path] {
            // The reference, when it was opened, is what the picture is of.
            QWidget* reference = window->help()->window();
            const bool ok = saveScreenshot(reference ? reference : window, path);
            if (!ok) std::fprintf(stderr, "cannot save the screenshot %s\n", qPrintable(path));
            QApplication::exit(ok ? 0 : 2);
        });
    };
    QObject::connect(window->preview(), &LivePreview::animationComplete, window, take,
                     Qt::SingleShotConnection);
    QTimer::singleShot(kScreenshotTimeoutMs, window, [] {
        std::fprintf(stderr, "screenshot: the animation was not solved in time\n");
        QApplication::exit(2);
    });
}

}  // namespace

int runEditorApplication(int argc, char** argv, const EditorLaunch& launch) {
    QApplication app(argc, argv);
    registerEditorResources();
    QApplication::setOrganizationName("Movimentum");
    QApplication::setApplicationName("Movimentum");
    QApplication::setWindowIcon(QIcon(":/icons/movimentum.svg"));

    MainWindow window(UserPrompts{}, Autosave::defaultFolder());
    const bool screenshot = !launch.screenshotPath.isEmpty();
    // A screenshot shows the default layout and leaves the user's alone.
    QSettings settings;
    if (!screenshot) window.restoreLayout(settings);
    // A screenshot run is not a session: it neither asks about nor touches backups.
    if (screenshot || !window.document()->offerRestore()) {
        // Without a file the pump sample opens as an untitled copy, so saving never overwrites it.
        const QString sample = defaultSampleScript();
        if (!launch.file.isEmpty()) {
            if (!window.openFile(launch.file) && screenshot) return 2;
        } else if (sample.isEmpty() || !window.document()->openCopy(sample)) {
            window.document()->newScript();
        }
    }
    if (screenshot) scheduleScreenshot(&window, launch.screenshotPath, launch.screenshotDrag);
    window.show();
    if (!launch.referenceTopic.isEmpty()) window.help()->showReference(launch.referenceTopic);
    const int result = app.exec();
    if (!screenshot) window.saveLayout(settings);
    return result;
}

}  // namespace mv
