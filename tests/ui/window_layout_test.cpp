// The window's layout survives a restart: docks moved or closed, panels hidden, the window's size,
// through QMainWindow::saveState in a QSettings file of the test's own. And every window fits a
// screen: the first is fitted to the available geometry, a restored one is moved onto a screen.

#include <catch2/catch.hpp>

#include <limits>

#include <QAction>
#include <QDockWidget>
#include <QGuiApplication>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/canvas/canvas_view.h"
#include "ui/editor/script_editor.h"
#include "ui/panels/diagnostics_dock.h"
#include "ui/panels/diagnostics_list.h"
#include "ui/panels/diagnostics_strip.h"
#include "ui/preview/live_preview.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/window/window_layout.h"

using namespace mv;

namespace {

QDockWidget* dock(test::WindowUnderTest& window, const QString& name) {
    return window.findChild<QDockWidget*>(name);
}

// Lays the window out now: the layout requests and resizes it has posted, then its layout.
void layOut(test::WindowUnderTest& window) {
    QCoreApplication::sendPostedEvents();
    window.layout()->activate();
}

QStringList viewMenuTexts(test::WindowUnderTest& window) {
    QStringList texts;
    for (QAction* top : window.menuBar()->actions())
        if (top->text().remove('&') == "View")
            for (QAction* action : top->menu()->actions()) texts << action->text().remove('&');
    return texts;
}

}  // namespace

TEST_CASE("the docks have stable object names and the View menu shows and hides every panel",
          "[layout]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    for (const char* name : {"diagnosticsDock", "plotsDock", "valuesDock"})
        CHECK(dock(window, name));
    const QStringList texts = viewMenuTexts(window);
    for (const char* panel : {"Script", "Timeline", "Diagnostics", "Plots", "Values"})
        CHECK(texts.contains(panel));
    window.show();
    window.panelAction("timelinePanel")->trigger();
    CHECK_FALSE(window.timeline()->isVisible());
    window.panelAction("timelinePanel")->trigger();
    CHECK(window.timeline()->isVisible());
    window.panelAction("valuesDock")->trigger();
    CHECK_FALSE(dock(window, "valuesDock")->isVisible());
}

TEST_CASE("the layout survives a restart", "[layout]") {
    test::ensureApplication();
    QTemporaryDir dir;
    QSettings settings(dir.filePath("layout.ini"), QSettings::IniFormat);
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    const QRect geometry(available.topLeft() + QPoint(10, 20),
                         QSize(available.width() * 3 / 4, available.height() * 3 / 4));
    QList<int> splitterSizes;
    int valuesWidth = 0;
    QSize size;  // what the window made of `geometry`: no smaller than its panels allow
    {
        test::WindowUnderTest before(UserPrompts{}, dir.path());
        before.show();
        before.setGeometry(geometry);
        before.addDockWidget(Qt::LeftDockWidgetArea, dock(before, "valuesDock"));
        before.panelAction("plotsDock")->trigger();
        before.panelAction("timelinePanel")->trigger();
        before.findChild<QSplitter*>("scriptAndStage")->setSizes({200, 500});
        layOut(before);
        splitterSizes = before.findChild<QSplitter*>("scriptAndStage")->sizes();
        valuesWidth = dock(before, "valuesDock")->width();
        size = before.geometry().size();
        before.saveLayout(settings);
    }
    test::WindowUnderTest after(UserPrompts{}, dir.path());
    REQUIRE(after.restoreLayout(settings));
    after.show();
    // Shown, the window restores its docks and splitters once more, when the show is through.
    const auto splitterRestored = [&] {
        return after.findChild<QSplitter*>("scriptAndStage")->sizes().value(0) ==
               splitterSizes.value(0);
    };
    CHECK(QTest::qWaitFor(splitterRestored, test::kHangGuardMs));
    layOut(after);
    CHECK(after.dockWidgetArea(dock(after, "valuesDock")) == Qt::LeftDockWidgetArea);
    CHECK(dock(after, "valuesDock")->isVisible());
    CHECK(dock(after, "valuesDock")->width() == valuesWidth);
    CHECK_FALSE(dock(after, "plotsDock")->isVisible());
    CHECK(dock(after, "diagnosticsDock")->isVisible());
    CHECK_FALSE(after.timeline()->isVisible());
    CHECK_FALSE(after.panelAction("timelinePanel")->isChecked());
    // A window its panels made wider than the screen comes back clamped to the screen.
    CHECK(after.geometry().size() == size.boundedTo(available.size()));

    QSettings empty(dir.filePath("none.ini"), QSettings::IniFormat);
    test::WindowUnderTest first(UserPrompts{}, dir.path());
    CHECK_FALSE(first.restoreLayout(empty));
}

TEST_CASE("the first window fits the available screen at any scale factor", "[layout]") {
    // At 150 % a 1600 × 1000 screen has 1067 × 667 logical pixels (less a panel): the window
    // used to open at 1400 × 860 logical pixels, 2100 × 1290 device pixels.
    const QRect available(0, 0, 1067, 637);
    const QRect fitted = WindowLayout::fitted({1400, 860}, available);
    CHECK(available.contains(fitted));
    CHECK(fitted.center() == available.center());
    // Where there is room, the wanted size.
    CHECK(WindowLayout::fitted({1400, 860}, QRect(0, 0, 2560, 1400)).size() == QSize(1400, 860));
    // The real window on the test's screen.
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    CHECK(window.screen()->availableGeometry().contains(window.geometry()));
}

TEST_CASE("a restored geometry is moved onto a screen that exists", "[layout]") {
    const QList<QRect> screens{QRect(0, 0, 1600, 1000), QRect(1600, 0, 1280, 1024)};
    // Saved on a third screen that is gone: onto the first, whole.
    const QRect gone = WindowLayout::clamped(QRect(3000, 200, 1200, 800), screens);
    CHECK(screens[0].contains(gone));
    CHECK(gone.size() == QSize(1200, 800));
    // Mostly on the second screen: stays there, pulled in.
    const QRect second = WindowLayout::clamped(QRect(1500, -50, 1000, 700), screens);
    CHECK(screens[1].contains(second));
    // Larger than every screen: shrunk to the one it is on.
    const QRect huge = WindowLayout::clamped(QRect(10, 10, 2100, 1290), screens);
    CHECK(huge == QRect(0, 0, 1600, 1000));
    // Already inside: unchanged.
    CHECK(WindowLayout::clamped(QRect(100, 100, 800, 600), screens) == QRect(100, 100, 800, 600));
}

TEST_CASE("the window can be made as narrow as half a laptop screen", "[layout]") {
    // Half of a 1440-pixel screen, for a script beside its slides, with the pump open: no panel
    // may insist on more (the timeline's controls used to need 830 pixels).
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.show();
    window.openFile(QString(MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum"));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    REQUIRE(window.preview()->shown().complete);
    INFO("minimum width " << window.minimumSizeHint().width());
    CHECK(window.minimumSizeHint().width() <= 720);
}

namespace {

DiagnosticsDock* diagnosticsDock(test::WindowUnderTest& window) {
    return window.findChild<DiagnosticsDock*>("diagnosticsDock");
}

QAction* viewAction(test::WindowUnderTest& window, const QString& text) {
    for (QAction* top : window.menuBar()->actions())
        if (top->text().remove('&') == "View")
            for (QAction* action : top->menu()->actions())
                if (action->text().remove('&') == text) return action;
    return nullptr;
}

}  // namespace

TEST_CASE("the Diagnostics panel is a strip that holds still, and F8 or a click opens the list",
          "[layout][diagnostics]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    DiagnosticsDock& diagnostics = *diagnosticsDock(window);
    window.resize(1180, 740);
    window.show();
    window.openFile(QString(MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum"));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    layOut(window);
    const auto* strip = window.findChild<DiagnosticsStrip*>("diagnosticsStrip");
    REQUIRE(strip);
    CHECK(strip->summary().startsWith("No problems"));
    CHECK_FALSE(window.diagnosticsList()->isVisible());
    CHECK(diagnostics.widget()->height() < 2 * window.diagnosticsList()->summaryHeight());
    const QRect canvas = window.canvas()->geometry();
    const int height = diagnostics.height();

    CHECK(window.canvas()->staleNotice().isEmpty());

    // An error: the strip says it, and so does the status bar; nothing moves, however long the
    // test waits for the events to settle. The canvas shows the last version that compiled,
    // veiled, and the status does not count its frames as the text's.
    window.editor()->appendPlainText("Crank.Q = Crnk.P;");
    REQUIRE(test::waitUntilIdle(*window.preview()));
    QCoreApplication::processEvents();
    layOut(window);
    CHECK(strip->summary().startsWith("1 error"));
    CHECK(strip->summary().contains("Crnk"));
    CHECK(window.statusBar()->currentMessage() == strip->summary());
    INFO("canvas " << canvas.x() << "," << canvas.y() << " " << canvas.width() << "x"
                   << canvas.height() << " now " << window.canvas()->geometry().x() << ","
                   << window.canvas()->geometry().y() << " " << window.canvas()->width() << "x"
                   << window.canvas()->height() << "; dock " << height << " now "
                   << diagnostics.height());
    CHECK(window.canvas()->geometry() == canvas);
    CHECK(diagnostics.height() == height);
    CHECK(window.canvas()->staleNotice().contains("compiled at"));
    const auto* status = window.findChild<QLabel*>("solveStatus");
    REQUIRE(status);
    CHECK_FALSE(status->text().contains("solved"));
    CHECK(status->text().contains("last version without errors"));

    // F8 opens the list, F8 closes it.
    QAction* f8 = viewAction(window, "Diagnostics List");
    REQUIRE(f8);
    CHECK(f8->shortcut() == QKeySequence(Qt::Key_F8));
    f8->trigger();
    layOut(window);
    CHECK(window.diagnosticsList()->isVisible());
    CHECK(diagnostics.widget()->height() >= 5 * window.diagnosticsList()->summaryHeight());
    f8->trigger();
    layOut(window);
    CHECK_FALSE(window.diagnosticsList()->isVisible());
    CHECK(diagnostics.height() == height);
    // So does a click on the strip.
    QTest::mouseClick(const_cast<DiagnosticsStrip*>(strip), Qt::LeftButton);
    layOut(window);
    CHECK(window.diagnosticsList()->isVisible());

    // Mended: fresh again.
    window.editor()->undo();
    REQUIRE(test::waitUntilIdle(*window.preview()));
    CHECK(strip->summary().startsWith("No problems"));
    CHECK(window.canvas()->staleNotice().isEmpty());
    CHECK(status->text().contains("solved"));
}

TEST_CASE("View > Reset Layout brings back the first layout", "[layout]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.resize(1180, 740);
    window.show();
    layOut(window);
    const QList<int> first = window.findChild<QSplitter*>("scriptAndStage")->sizes();
    window.addDockWidget(Qt::LeftDockWidgetArea, dock(window, "valuesDock"));
    window.panelAction("plotsDock")->trigger();
    window.panelAction("timelinePanel")->trigger();
    window.findChild<QSplitter*>("scriptAndStage")->setSizes({100, 900});
    layOut(window);
    QAction* reset = nullptr;
    for (QAction* top : window.menuBar()->actions())
        if (top->text().remove('&') == "View")
            for (QAction* action : top->menu()->actions())
                if (action->text().remove('&') == "Reset Layout") reset = action;
    REQUIRE(reset);
    reset->trigger();
    layOut(window);
    CHECK(window.dockWidgetArea(dock(window, "valuesDock")) == Qt::RightDockWidgetArea);
    CHECK(window.tabifiedDockWidgets(dock(window, "diagnosticsDock"))
              .contains(dock(window, "plotsDock")));
    CHECK(window.timeline()->isVisible());
    CHECK(window.panelAction("plotsDock")->isChecked());
    CHECK(window.findChild<QSplitter*>("scriptAndStage")->sizes() == first);
}
