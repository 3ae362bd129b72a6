// The pictures in docs/editor.md, taken from the real editor. Hidden from the test run (tag
// [.docs]): popups, menus and tooltips are windows of their own, so this needs a real X server,
// whose screen is grabbed around the editor. Run it (one line) with
//   MOVIMENTUM_DOCS_IMAGES=docs/images QT_QPA_PLATFORM=xcb
//     xvfb-run -a -s "-screen 0 1600x1000x24" build/tests/ui_tests "[.docs]"

#include <catch2/catch.hpp>

#include <QAbstractItemView>
#include <QApplication>
#include <QCompleter>
#include <QDockWidget>
#include <QHelpEvent>
#include <QLineEdit>
#include <QMenuBar>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolTip>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/canvas/canvas_view.h"
#include "ui/editor/find_bar.h"
#include "ui/editor/script_completer.h"
#include "ui/editor/script_editor.h"
#include "ui/files/samples.h"
#include "ui/panels/plot_panel.h"
#include "ui/panels/plot_widget.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/anchor_item.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/window/help_menu.h"
#include "ui/window/help_window.h"
#include "ui/window/presentation_window.h"
#include "ui/window/script_document.h"

using namespace mv;

namespace {

constexpr int kSettleMs = 400;  // the window manager maps and paints

// The screen's pixels in `rect` (global coordinates): popups and tooltips included.
void save(const QRect& rect, const QString& name) {
    QTest::qWait(kSettleMs);
    const QString folder = qEnvironmentVariable("MOVIMENTUM_DOCS_IMAGES");
    const QPixmap shot = QGuiApplication::primaryScreen()->grabWindow(0, rect.x(), rect.y(),
                                                                      rect.width(), rect.height());
    REQUIRE(shot.save(folder + "/" + name));
}

QRect globalRect(QWidget* widget) {
    return QRect(widget->mapToGlobal(QPoint(0, 0)), widget->size());
}

void hover(QWidget* widget, QPoint pos) {
    QHelpEvent help(QEvent::ToolTip, pos, widget->mapToGlobal(pos));
    QApplication::sendEvent(widget, &help);
}

QPoint textPoint(ScriptEditor* editor, int position) {
    QTextCursor cursor(editor->document());
    cursor.setPosition(position);
    return editor->cursorRect(cursor).center() + QPoint(3, 0);
}

}  // namespace

TEST_CASE("pictures for docs/editor.md", "[.docs]") {
    test::ensureApplication();
    REQUIRE(!qEnvironmentVariableIsEmpty("MOVIMENTUM_DOCS_IMAGES"));
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.setGeometry(40, 40, 1400, 860);
    REQUIRE(window.document()->openCopy(defaultSampleScript()));
    window.show();
    REQUIRE(test::waitUntilIdle(*window.preview()));
    window.timeline()->setCurrentFrame(60);
    ScriptEditor* editor = window.editor();
    QWidget* pane = editor->parentWidget();

    // Find and replace.
    editor->moveCursor(QTextCursor::Start);
    window.findBar()->openReplace();
    QTest::keyClicks(window.findBar()->findField(), "Crank.Q");
    window.findBar()->replaceField()->setText("Crank.R");
    save(globalRect(pane).adjusted(0, 0, 0, -pane->height() / 2), "editor-find.png");
    QTest::keyClick(window.findBar()->findField(), Qt::Key_Escape);
    QTest::qWait(kSettleMs);  // the script moves up into the find bar's place

    // Completion after `Crank.`.
    editor->moveCursor(QTextCursor::End);
    editor->insertPlainText("\n");
    editor->setFocus();
    QTest::keyClicks(editor, "Crank.");
    REQUIRE(window.completer()->isPopupVisible());
    const QPoint typed = editor->viewport()->mapToGlobal(editor->cursorRect().topLeft());
    save(QRect(globalRect(pane).left(), typed.y() - 170, pane->width(), 280),
         "editor-completion.png");
    QTest::keyClick(editor, Qt::Key_Escape);
    editor->undo();
    QTest::qWait(kSettleMs);  // the window is active again once the popup is gone

    // The value of a name under the mouse, and an anchor on the canvas.
    const QString text = editor->toPlainText();
    hover(editor->viewport(), textPoint(editor, text.indexOf("Crank.Q = Crank.P + [c") + 6));
    save(globalRect(pane).adjusted(0, pane->height() / 4, 0, -pane->height() / 3),
         "editor-hover.png");
    for (QGraphicsItem* item : window.scene()->items())
        if (auto* anchor = dynamic_cast<AnchorItem*>(item); anchor && anchor->label() == "Crank.Q")
            hover(window.canvas()->viewport(), window.canvas()->mapFromScene(anchor->scenePos()));
    save(globalRect(window.canvas()), "editor-canvas-tooltip.png");
    QToolTip::hideText();

    // The Edit and View menus.
    for (const QString& title : {QStringLiteral("Edit"), QStringLiteral("View")}) {
        for (QAction* top : window.menuBar()->actions()) {
            if (top->text().remove('&') != title) continue;
            const QRect at = window.menuBar()->actionGeometry(top);
            top->menu()->popup(window.menuBar()->mapToGlobal(at.bottomLeft()));
            save(QRect(window.menuBar()->mapToGlobal(at.topLeft()), QSize(360, 420)),
                 "editor-" + title.toLower() + "-menu.png");
            top->menu()->hide();
        }
    }

    // The Plots panel: the piston's position, speed and acceleration, each on its own scale, with
    // the mouse over the plot (each lane writes its value there).
    QDockWidget* plotsDock = window.findChild<QDockWidget*>("plotsDock");
    plotsDock->raise();
    QTest::qWait(kSettleMs);  // the dock takes its room as it comes to the front; then more
    window.resizeDocks({plotsDock}, {360}, Qt::Vertical);
    for (const char* name : {"Piston.P.x", "d/dt Piston.P.x", "d²/dt² Piston.P.x"})
        REQUIRE(window.plotPanel()->addQuantity(QString::fromUtf8(name)));
    QTest::qWait(kSettleMs);
    PlotWidget* plot = window.plotPanel()->plot();
    QTest::mouseMove(plot, QPoint(plot->width() * 2 / 3, plot->height() / 2));
    save(globalRect(window.canvas()).united(globalRect(plotsDock)), "editor-plots.png");

    // The language reference, opened with F1 on `rotate`.
    HelpWindow* help = window.help()->showReference("rotate");
    help->setGeometry(80, 60, 820, 760);
    save(globalRect(help), "editor-reference.png");
}

// The slider-crank with its masses: the Values panel's Forces group, widened to show it whole, what
// the motor carries under the mouse, and its torque and power over the animation. Run as the
// pictures above, with "pictures of forces".
TEST_CASE("pictures of forces for docs/editor.md", "[.docs]") {
    test::ensureApplication();
    REQUIRE(!qEnvironmentVariableIsEmpty("MOVIMENTUM_DOCS_IMAGES"));
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.setGeometry(40, 40, 1400, 860);
    REQUIRE(window.openFile(MOVIMENTUM_SOURCE_DIR "/samples/slider_crank_forces.movimentum"));
    window.show();
    REQUIRE(test::waitUntilIdle(*window.preview()));
    window.timeline()->setCurrentFrame(3);
    QDockWidget* valuesDock = window.findChild<QDockWidget*>("valuesDock");
    window.resizeDocks({valuesDock}, {470}, Qt::Horizontal);
    QDockWidget* plotsDock = window.findChild<QDockWidget*>("plotsDock");
    plotsDock->raise();
    QTest::qWait(kSettleMs);  // the dock takes its room as it comes to the front; then more
    window.resizeDocks({plotsDock}, {300}, Qt::Vertical);
    for (const char* name : {"motor.Crank.torque", "motor.power"})
        REQUIRE(window.plotPanel()->addQuantity(QString::fromUtf8(name)));
    QTest::qWait(kSettleMs);
    ScriptEditor* editor = window.editor();
    hover(editor->viewport(), textPoint(editor, editor->toPlainText().indexOf("motor:") + 2));
    save(globalRect(&window), "editor-forces.png");
    QToolTip::hideText();
}

// The editor's presentation mode (View > Present) standing at the pump's marker @1. Its own
// window draws the frame, so the offscreen platform does:
//   MOVIMENTUM_DOCS_IMAGES=docs/images build/tests/ui_tests "picture of presentation mode"
TEST_CASE("picture of presentation mode for docs/editor.md", "[.docs]") {
    test::ensureApplication();
    REQUIRE(!qEnvironmentVariableIsEmpty("MOVIMENTUM_DOCS_IMAGES"));
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    REQUIRE(window.document()->openCopy(defaultSampleScript()));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    window.timeline()->setCurrentFrame(0);
    for (QAction* menu : window.menuBar()->actions())
        for (QAction* action : menu->menu()->actions())
            if (action->shortcut() == QKeySequence(Qt::Key_F5)) action->trigger();
    auto* shown = window.findChild<PresentationWindow*>();
    REQUIRE(shown);
    QTest::keyClick(shown, Qt::Key_Space);
    shown->tick(1e9);  // at the marker @1
    REQUIRE(shown->presentation().frame() == 25);
    shown->showNormal();
    shown->resize(960, 600);
    REQUIRE(
        shown->grab().save(qEnvironmentVariable("MOVIMENTUM_DOCS_IMAGES") + "/editor-present.png"));
}

// A new user's first session (issue 41), on a 1280 × 800 screen at the scale factor the run sets:
// the pump as it opens, the engine with three plots, an error being typed (the veiled canvas, the
// one-line Diagnostics panel), and Help. Run at 1 and at 1.5:
//   MOVIMENTUM_DOCS_IMAGES=docs/images QT_QPA_PLATFORM=xcb [QT_SCALE_FACTOR=1.5]
//     xvfb-run -a -s "-screen 0 1280x800x24" build/tests/ui_tests "pictures of a first session"
TEST_CASE("pictures of a first session", "[.docs]") {
    test::ensureApplication();
    REQUIRE(!qEnvironmentVariableIsEmpty("MOVIMENTUM_DOCS_IMAGES"));
    QScreen* screen = QGuiApplication::primaryScreen();
    const double scale = screen->devicePixelRatio();
    const QString suffix = scale > 1 ? QStringLiteral("-scale-1.5.png") : QStringLiteral(".png");
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    window.setGeometry(screen->availableGeometry());
    REQUIRE(window.document()->openCopy(defaultSampleScript()));
    window.show();
    REQUIRE(test::waitUntilIdle(*window.preview()));
    window.timeline()->setCurrentFrame(130);
    save(globalRect(&window), "first-pump" + suffix);

    // An error being typed: a misspelt name in a new statement of the first step.
    ScriptEditor* editor = window.editor();
    QTextCursor at(editor->document()->findBlockByNumber(15));
    at.movePosition(QTextCursor::EndOfBlock);
    editor->setTextCursor(at);
    editor->setFocus();
    QTest::keyClick(editor, Qt::Key_Return);
    QTest::keyClicks(editor, "Piston.Q = Crnk.Q;");
    REQUIRE(test::waitUntilIdle(*window.preview()));
    save(globalRect(&window), "first-error" + suffix);

    // The engine with three plots.
    REQUIRE(window.document()->openCopy(MOVIMENTUM_SOURCE_DIR "/samples/engine.movimentum"));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    window.findChild<QDockWidget*>("plotsDock")->raise();
    for (const char* name : {"Piston.P.x", "d/dt Piston.P.x", "d²/dt² Piston.P.x"})
        REQUIRE(window.plotPanel()->addQuantity(QString::fromUtf8(name)));
    window.timeline()->setCurrentFrame(40);
    save(globalRect(&window), "first-engine-plots" + suffix);

    // Help, at the word a new user looks up first.
    HelpWindow* help = window.help()->showReference("pendulum");
    help->setGeometry(screen->availableGeometry());
    save(globalRect(help), "first-help" + suffix);
}
