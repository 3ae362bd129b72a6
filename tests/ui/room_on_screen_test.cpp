// The room the script gets on a small screen, in a real X server of 1280 × 800 pixels at the
// scale factor the test is run with (tests/ui/room_on_screen.cmake runs it at 1 and at 1.5). The
// columns are measured from the editor widget, not from pixels: 80 at scale 1, 50 at 1.5, with
// the canvas still there. Hidden from the plain test run (tag [.room]); it saves the window's
// picture to $MOVIMENTUM_ROOM_PICTURE for a person to look at.

#include <catch2/catch.hpp>

#include <QDockWidget>
#include <QHeaderView>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/canvas/canvas_view.h"
#include "ui/editor/script_editor.h"
#include "ui/files/samples.h"
#include "ui/panels/diagnostics_list.h"
#include "ui/panels/values_panel.h"
#include "ui/preview/live_preview.h"
#include "ui/window/script_document.h"

using namespace mv;

TEST_CASE("the script gets 80 columns at 1280 x 800, 50 at scale 1.5", "[.room]") {
    test::ensureApplication();
    QScreen* screen = QGuiApplication::primaryScreen();
    const double scale = screen->devicePixelRatio();
    INFO("screen " << screen->geometry().width() << " x " << screen->geometry().height()
                   << " logical pixels at scale " << scale);
    REQUIRE(std::lround(screen->geometry().width() * scale) == 1280);
    REQUIRE(std::lround(screen->geometry().height() * scale) == 800);
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    REQUIRE(window.document()->openCopy(defaultSampleScript()));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(test::waitUntilIdle(*window.preview()));

    const int wanted = scale >= 1.5 ? 50 : 80;
    INFO("window " << window.width() << " px, script " << window.editor()->width() << " px");
    CHECK(window.editor()->visibleColumns() >= wanted);
    CHECK(window.canvas()->width() >= DefaultLayout::kMinCanvasWidth * 9 / 10);
    CHECK(window.canvas()->height() >= window.height() / 3);
    // The Diagnostics panel is its one-line strip; the list opens when asked.
    CHECK_FALSE(window.diagnosticsList()->isVisible());

    // The Values panel's labelled rows fit its first width: nothing to scroll sideways.
    ValuesPanel* values = window.valuesPanel();
    if (values->isVisible()) {
        INFO("values " << values->header()->length() << " of " << values->viewport()->width());
        CHECK(values->header()->length() <= values->viewport()->width());
    }

    // The picture of the window as it opens (docs/editor.md), once the layout has taken the
    // timeline's width for the animation's longest time.
    QCoreApplication::processEvents();
    const QString picture = qEnvironmentVariable("MOVIMENTUM_ROOM_PICTURE");
    if (!picture.isEmpty()) CHECK(window.grab().save(picture));

    // An error typed: the canvas and the timeline stay where they are (the Diagnostics panel is
    // a strip that never grows by itself), and the canvas is veiled as stale.
    const QRect canvas(window.canvas()->mapTo(&window, QPoint(0, 0)), window.canvas()->size());
    window.editor()->appendPlainText("Crank.Q = Crnk.P;");
    REQUIRE(test::waitUntilIdle(*window.preview()));
    QCoreApplication::processEvents();
    CHECK(QRect(window.canvas()->mapTo(&window, QPoint(0, 0)), window.canvas()->size()) == canvas);
    CHECK_FALSE(window.canvas()->staleNotice().isEmpty());
}
