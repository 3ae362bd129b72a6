// Presentation from marker to marker (ui/timeline/presentation.h): the stops are the first frame,
// every marker and the last frame; going on plays at the script's speed to the next stop and stands
// there; going back stands at the stop before. The editor's View > Present (F5) opens it full
// screen on the solved animation, and the keys drive it.

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/editor/script_editor.h"
#include "ui/preview/live_preview.h"
#include "ui/timeline/presentation.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/window/presentation_window.h"

using namespace mv;

TEST_CASE("presentation stops at the first frame, every marker and the last frame",
          "[presentation]") {
    const Presentation p({12, 0, 3, 5, 40}, FrameRange{0, 20}, 10);
    // Markers outside the frames are left out, the last frame is one stop; sorted, once each.
    CHECK(p.stops() == std::vector<int>{0, 3, 5, 12, 20});
    CHECK(Presentation({}, FrameRange{4, 4}, 10).stops() == std::vector<int>{4});
}

TEST_CASE("going on plays to the next stop at the script's speed and stands there",
          "[presentation]") {
    Presentation p({0, 3, 5, 12}, FrameRange{0, 20}, 10);  // 10 fps: a frame every 100 ms
    std::vector<int> stops;
    double now = 1000;
    for (int k = 0; k < 10; ++k) {
        p.forward(now);
        if (!p.playing()) break;
        int before = p.frame();
        while (p.playing()) {
            now += 50;
            p.advance(now);
            CHECK(p.frame() >= before);  // never back, never past the stop
            before = p.frame();
        }
        stops.push_back(p.frame());
    }
    CHECK(stops == std::vector<int>{3, 5, 12, 20});
    // 250 ms after going on from 12 the run is at 12 + 2 (whole frames only).
    p.standAt(12);
    p.forward(0);
    p.advance(250);
    CHECK(p.frame() == 14);
    CHECK(p.playing());
    p.forward(260);  // going on while playing: at the stop at once
    CHECK(p.frame() == 20);
    CHECK_FALSE(p.playing());
}

TEST_CASE("going back stands at the stop before", "[presentation]") {
    Presentation p({0, 3, 5, 12}, FrameRange{0, 20}, 10);
    p.standAt(12);
    p.back();
    CHECK(p.frame() == 5);
    p.standAt(8);  // between stops: back to the one before
    p.back();
    CHECK(p.frame() == 5);
    p.standAt(5);
    p.forward(0);
    p.advance(300);  // on the way to 12
    CHECK(p.frame() == 8);
    p.back();  // while playing: the stop the run started from
    CHECK(p.frame() == 5);
    CHECK_FALSE(p.playing());
    p.standAt(0);
    p.back();
    CHECK(p.frame() == 0);
}

TEST_CASE("View > Present (F5) shows the animation full screen from marker to marker",
          "[presentation][window]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    window.editor()->selectAll();
    window.editor()->insertPlainText(
        QStringLiteral(".config(10, 200, 100);\n"
                       "Rod : .bar A = [0,0] B = [50,0];\n"
                       "@0   Rod.A = [20,30]; Rod.B = Rod.A + [50,0].rotate(90° * t);\n"
                       "@0.5\n"
                       "@1\n"));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    QAction* present = nullptr;
    for (QAction* menu : window.menuBar()->actions())
        for (QAction* action : menu->menu()->actions())
            if (action->text() == "&Present") present = action;
    REQUIRE(present);
    CHECK(present->shortcut() == QKeySequence(Qt::Key_F5));
    window.timeline()->setCurrentFrame(0);
    present->trigger();
    auto* shown = window.findChild<PresentationWindow*>();
    REQUIRE(shown);
    CHECK(shown->presentation().stops() == std::vector<int>{0, 5, 10});
    CHECK(shown->presentation().frame() == 0);
    QTest::keyClick(shown, Qt::Key_Space);
    CHECK(shown->presentation().playing());
    shown->tick(1e9);  // long after: standing at the marker
    CHECK(shown->presentation().frame() == 5);
    CHECK_FALSE(shown->presentation().playing());
    CHECK(window.timeline()->currentFrame() == 5);  // the editor's playhead follows
    // It says where it is and how to leave, and it covers the screen (issue 41: without a
    // window manager it was 100 × 30 pixels).
    CHECK(shown->counterText() == "2 / 3");
    CHECK(PresentationWindow::hintText().contains("Esc"));
    CHECK(shown->geometry().size() == window.screen()->geometry().size());
    QTest::keyClick(shown, Qt::Key_Right);
    QTest::keyClick(shown, Qt::Key_Right);  // while playing: at the next stop at once
    CHECK(shown->presentation().frame() == 10);
    QTest::keyClick(shown, Qt::Key_Left);
    CHECK(shown->presentation().frame() == 5);
    // What it draws is the frame the PNG export draws: the rod at frame 5, on white, on black.
    QImage image(shown->size(), QImage::Format_RGB32);
    shown->render(&image);
    CHECK(image.pixelColor(0, 0) == QColor(Qt::black));
    QPointer<PresentationWindow> guard(shown);
    QTest::keyClick(shown, Qt::Key_Escape);
    QTRY_VERIFY(guard.isNull());  // closed and deleted
}
