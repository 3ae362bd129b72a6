// The screenshot of the timeline zoomed in, for the screenshot test under xvfb-run
// (screenshot_test.cmake runs it as `timeline_screenshot SCRIPT --screenshot OUT`) and for
// docs/editor.md. Opens SCRIPT in the editor, and once it is solved puts the playhead two fifths
// of the way in, sets an in/out range 30 frames around it, zooms the timeline to about 80 frames,
// and saves the window to OUT and the timeline panel alone beside it (OUT-timeline.png).
// `--plot NAME` (repeatable) also plots a value and shows the Plots panel; `--cause` leaves the
// timeline fitted instead and clicks the first cause of failure in the Diagnostics panel.

#include <QApplication>
#include <QDockWidget>
#include <QRegularExpression>
#include <QScreen>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

#include "tests/ui/window_under_test.h"
#include "ui/panels/diagnostics_list.h"
#include "ui/panels/plot_panel.h"
#include "ui/preview/live_preview.h"
#include "ui/timeline/timeline_panel.h"

using namespace mv;

namespace {

constexpr int kSettleMs = 400;  // let the window manager map and paint the window
constexpr int kTimeoutMs = 60000;
constexpr int kFramesInView = 80;

bool save(QWidget* widget, const QString& path) {
    QScreen* screen = widget->screen();
    QPixmap shot = screen && widget->isWindow() ? screen->grabWindow(widget->winId()) : QPixmap();
    if (shot.isNull() || shot.size().isEmpty()) shot = widget->grab();
    return shot.save(path, "png");
}

void clickFirstCause(test::WindowUnderTest& window) {
    DiagnosticsList* list = window.diagnosticsList();
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        QTreeWidgetItem* row = list->topLevelItem(i);
        if (row->text(DiagnosticsList::FramesColumn).isEmpty()) continue;
        list->setCurrentItem(row);
        emit list->itemClicked(row, 0);
        list->expandItem(row);
        return;
    }
}

void arrange(test::WindowUnderTest& window, const QStringList& plots, bool cause) {
    if (cause) return clickFirstCause(window);
    TimelinePanel* timeline = window.timeline();
    const int count = timeline->bar()->frameCount();
    const int playhead = count * 2 / 5;
    timeline->setCurrentFrame(playhead - 15);
    timeline->setInPoint();
    timeline->setCurrentFrame(playhead + 15);
    timeline->setOutPoint();
    timeline->setCurrentFrame(playhead);
    timeline->setSpeed(0.5);
    timeline->bar()->zoomAroundPlayhead(static_cast<double>(count) / kFramesInView);
    for (const QString& name : plots) window.plotPanel()->addQuantity(name);
    if (plots.isEmpty()) return;
    for (QDockWidget* dock : window.findChildren<QDockWidget*>())
        if (dock->widget() == window.plotPanel()) dock->raise();
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    // Recent files and settings go to a place of their own, never to the user's.
    QApplication::setOrganizationName("MovimentumScreenshots");
    QApplication::setApplicationName("timeline_screenshot");
    const QStringList args = QApplication::arguments();
    const qsizetype at = args.indexOf("--screenshot");
    if (args.size() < 4 || at < 0 || at + 1 >= args.size()) {
        std::fprintf(
            stderr, "usage: timeline_screenshot SCRIPT --screenshot OUT [--plot NAME] [--cause]\n");
        return 2;
    }
    const QString output = args[at + 1];
    QStringList plots;
    for (qsizetype i = 1; i + 1 < args.size(); ++i)
        if (args[i] == "--plot") plots << args[i + 1];
    const bool cause = args.contains("--cause");
    QTemporaryDir autosave;
    test::WindowUnderTest window(UserPrompts{}, autosave.path());
    if (!window.openFile(args[1])) return 2;
    QObject::connect(
        window.preview(), &LivePreview::animationComplete, &window,
        [&] {
            arrange(window, plots, cause);
            QTimer::singleShot(kSettleMs, &window, [&] {
                QString timelinePath = output;
                timelinePath.replace(QRegularExpression("\\.png$"), "-timeline.png");
                const bool ok = save(&window, output) && save(window.timeline(), timelinePath);
                QApplication::exit(ok ? 0 : 2);
            });
        },
        Qt::SingleShotConnection);
    QTimer::singleShot(kTimeoutMs, &window, [] {
        std::fprintf(stderr, "the animation was not solved in time\n");
        QApplication::exit(2);
    });
    window.show();
    return app.exec();
}
