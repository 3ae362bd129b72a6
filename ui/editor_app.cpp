#include "ui/editor_app.h"

#include <QApplication>
#include <QIcon>
#include <QScreen>
#include <QSettings>
#include <QTimer>
#include <QWindow>

#include <cstdio>

#include "ui/autosave.h"
#include "ui/help_menu.h"
#include "ui/help_window.h"
#include "ui/live_preview.h"
#include "ui/main_window.h"
#include "ui/samples.h"
#include "ui/script_document.h"
#include "ui/timeline_panel.h"

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

void scheduleScreenshot(MainWindow* window, const QString& path) {
    auto take = [window, path] {
        // Show a frame two fifths of the way in: the machine is in motion there.
        TimelinePanel* timeline = window->timeline();
        timeline->setCurrentFrame(timeline->timeline()->frameCount() * 2 / 5);
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
    if (screenshot) scheduleScreenshot(&window, launch.screenshotPath);
    window.show();
    if (!launch.referenceTopic.isEmpty()) window.help()->showReference(launch.referenceTopic);
    const int result = app.exec();
    if (!screenshot) window.saveLayout(settings);
    return result;
}

}  // namespace mv
