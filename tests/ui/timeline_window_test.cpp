// The timeline in the whole editor on the offscreen platform: the export dialog offers and
// chooses the in/out range set from the playhead, playback stays within it, and after an edit the
// frame under the playhead is solved and shown first, where the script says it is.

#include <catch2/catch.hpp>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <cmath>
#include <numbers>
#include <optional>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/editor/script_editor.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/machine_scene.h"
#include "ui/scene/thing_item.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/window/export_dialog.h"

using namespace mv;

namespace {

// A bar whose end B turns about A = [ax, 30] by 90° per second, for `seconds` at 10 fps.
QString turningRod(int seconds, int ax = 20) {
    return QStringLiteral(
               ".config(10, 200, 100);\n"
               "Rod : .bar A = [0,0] B = [50,0];\n"
               "@0   Rod.A = [%1,30]; Rod.B = Rod.A + [50,0].rotate(90° * t);\n"
               "@%2\n")
        .arg(ax)
        .arg(seconds);
}

void typeScript(test::WindowUnderTest& window, const QString& text) {
    window.editor()->selectAll();
    window.editor()->insertPlainText(text);
    REQUIRE(test::waitUntilIdle(*window.preview()));
}

QAction* menuAction(test::WindowUnderTest& window, const QString& text) {
    for (QAction* menu : window.menuBar()->actions())
        for (QAction* action : menu->menu()->actions())
            if (action->text() == text) return action;
    return nullptr;
}

Vec2 drawnAnchor(test::WindowUnderTest& window, ThingId thing, Vec2 local) {
    const QPointF p = window.scene()->thingItem(thing)->mapToScene(ThingItem::itemPoint(local));
    return window.scene()->toWorld(p);
}

}  // namespace

TEST_CASE("the export range is the in/out range set from the playhead", "[window][timeline]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    typeScript(window, turningRod(1));  // frames 0–10
    TimelinePanel* timeline = window.timeline();
    timeline->setCurrentFrame(3);
    timeline->setInPoint();
    timeline->setCurrentFrame(8);
    timeline->setOutPoint();
    REQUIRE(timeline->frameRange() == FrameRange{3, 8});

    QAction* exportAction = menuAction(window, "&Export Frames…");
    REQUIRE(exportAction);
    std::optional<FrameRange> offered;
    std::optional<ExportOptions> options;
    QTimer::singleShot(0, &window, [&] {
        auto* dialog = qobject_cast<ExportDialog*>(QApplication::activeModalWidget());
        if (!dialog) return;
        offered = dialog->frames();
        options = dialog->options();
        static_cast<QDialog*>(dialog)->reject();  // Close
    });
    exportAction->trigger();
    REQUIRE(offered);
    CHECK(*offered == FrameRange{3, 8});
    CHECK(describe(*offered) == "frames 3\u20138 (6)");
    // ExportOptions counts to one past the last frame: frames 3 to 8 are both exported.
    CHECK(options->frames == FrameRange{3, 8});
    CHECK(options->framesOf(11).count() == 6);
}

TEST_CASE("the in/out range follows the playhead and bounds looped playback",
          "[window][timeline][playback]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    typeScript(window, turningRod(10));  // frames 0–100
    TimelinePanel* timeline = window.timeline();
    timeline->setCurrentFrame(60);
    timeline->setOutPoint();  // no in point yet: from the first frame
    CHECK(timeline->frameRange() == FrameRange{0, 60});
    timeline->setCurrentFrame(20);
    timeline->setInPoint();
    CHECK(timeline->frameRange() == FrameRange{20, 60});
    timeline->setCurrentFrame(80);
    timeline->setInPoint();  // past the out point: the range runs to the end
    CHECK(timeline->frameRange() == FrameRange{80, 100});
    timeline->setCurrentFrame(90);
    timeline->setOutPoint();
    CHECK(timeline->frameRange() == FrameRange{80, 90});

    timeline->setSpeed(4);
    timeline->setCurrentFrame(5);
    timeline->togglePlay();  // outside the range: starts at its first frame
    CHECK(timeline->currentFrame() == 80);
    int seen = 0;
    QObject::connect(timeline, &TimelinePanel::currentFrameChanged, timeline, [&](int frame) {
        ++seen;
        CHECK(frame >= 80);
        CHECK(frame <= 90);
    });
    // However slow the machine: wait for a few frames.
    CHECK(QTest::qWaitFor([&] { return seen >= 3; }, test::kHangGuardMs));
    CHECK(timeline->isPlaying());
    timeline->togglePlay();
    timeline->clearFrameRange();
    CHECK_FALSE(timeline->frameRange());
    CHECK(timeline->playRange() == FrameRange{0, 100});
}

TEST_CASE("after an edit the frame under the playhead is solved and shown first",
          "[window][preview]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    typeScript(window, turningRod(100));  // frames 0–1000
    REQUIRE(window.preview()->shown().frameCount() == 1001);
    window.timeline()->setCurrentFrame(900);
    std::optional<std::pair<int, int>> firstAdded;
    Vec2 shownFirst;  // where the canvas drew B when the first frame of the edit came
    bool reset = false;
    QObject::connect(window.preview(), &LivePreview::animationReset, &window,
                     [&] { reset = true; });
    QObject::connect(window.preview(), &LivePreview::framesAdded, &window, [&](int a, int b) {
        if (!reset || firstAdded) return;
        firstAdded = {a, b};
        shownFirst = drawnAnchor(window, ThingId{0}, {50, 0});
    });
    typeScript(window, turningRod(100, 24));
    REQUIRE(firstAdded);
    CHECK(firstAdded->first == 900);
    CHECK(firstAdded->second == 901);
    // Frame 900 is at t = 90 s: B has turned 8100° (half a turn past whole ones) about A.
    const double angle = std::numbers::pi / 2 * 90;
    CHECK(shownFirst.x == Approx(24 + 50 * std::cos(angle)).margin(1e-4));
    CHECK(shownFirst.y == Approx(30 + 50 * std::sin(angle)).margin(1e-4));
    // And the in-order frame that replaced it.
    const Vec2 b = drawnAnchor(window, ThingId{0}, {50, 0});
    CHECK(b.x == Approx(24 + 50 * std::cos(angle)).margin(1e-4));
    CHECK(b.y == Approx(30 + 50 * std::sin(angle)).margin(1e-4));
}

TEST_CASE("an edit that brings a new name is solved once", "[window][preview]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    typeScript(window, turningRod(1));
    int resets = 0;
    QObject::connect(window.preview(), &LivePreview::animationReset, &window, [&] { ++resets; });
    // The highlighter learns the name Pin and rehighlights: no edit, so no second solve.
    typeScript(window, turningRod(1).replace("@0", "Pin : .bar P = [0,0] Q = [1,0];\n@0"));
    CHECK(window.preview()->shown().script->things.size() == 2);
    CHECK(resets == 1);
}

// Issue 41: the Playback menu's keys type nothing into the script, so they work while it has the
// focus; markers and speed have commands; the in/out range is always said, and In, Out and Clear
// stay together however narrow the window.
TEST_CASE("the Playback menu works from the script, with markers and speed",
          "[window][timeline][playback]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.resize(1000, 700);
    window.show();
    window.activateWindow();
    REQUIRE(QTest::qWaitForWindowActive(&window));
    // Markers at 0, 2 and 5 s: frames 0, 20 and 50.
    typeScript(window, QStringLiteral(".config(10, 200, 100);\n"
                                      "Rod : .bar A = [0,0] B = [50,0];\n"
                                      "@0   Rod.A = [20,30]; Rod.B = Rod.A + [50,0];\n"
                                      "@2   Rod.B = Rod.A + [50,0].rotate(90° * t);\n"
                                      "@5\n"));
    TimelinePanel* timeline = window.timeline();
    ScriptEditor* editor = window.editor();
    editor->setFocus();
    REQUIRE(QTest::qWaitFor([&] { return editor->hasFocus(); }, test::kHangGuardMs));
    const QString text = editor->toPlainText();
    timeline->setCurrentFrame(5);
    QTest::keyClick(editor, Qt::Key_Right, Qt::AltModifier);
    CHECK(timeline->currentFrame() == 6);
    QTest::keyClick(editor, Qt::Key_Right, Qt::ControlModifier | Qt::AltModifier);
    CHECK(timeline->currentFrame() == 20);
    QTest::keyClick(editor, Qt::Key_Right, Qt::ControlModifier | Qt::AltModifier);
    CHECK(timeline->currentFrame() == 50);
    QTest::keyClick(editor, Qt::Key_Left, Qt::ControlModifier | Qt::AltModifier);
    CHECK(timeline->currentFrame() == 20);
    QTest::keyClick(editor, Qt::Key_Left, Qt::AltModifier);
    CHECK(timeline->currentFrame() == 19);
    QTest::keyClick(editor, Qt::Key_Up, Qt::AltModifier);
    CHECK(timeline->speed() == 2);
    QTest::keyClick(editor, Qt::Key_Down, Qt::AltModifier);
    QTest::keyClick(editor, Qt::Key_Down, Qt::AltModifier);
    CHECK(timeline->speed() == 0.5);
    QTest::keyClick(editor, Qt::Key_I, Qt::AltModifier);
    CHECK(timeline->frameRange() == FrameRange{19, 50});
    QTest::keyClick(editor, Qt::Key_Space, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(timeline->isPlaying());
    QTest::keyClick(editor, Qt::Key_Space, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK_FALSE(timeline->isPlaying());
    CHECK(editor->toPlainText() == text);  // nothing typed
    for (const char* command : {"Faster", "Slower", "Next Marker", "Previous Marker"})
        CHECK(menuAction(window, command));

    // The range is said outside the tool bar, and In, Out and Clear are one group.
    const auto* range = timeline->findChild<QLabel*>("frameRangeLabel");
    REQUIRE(range);
    CHECK(range->isVisible());
    CHECK(range->text().contains("19"));
    window.resize(560, 700);
    QApplication::processEvents();
    CHECK(range->isVisible());
    QToolButton* in = nullptr;
    QToolButton* out = nullptr;
    QToolButton* clear = nullptr;
    for (QToolButton* b : timeline->findChildren<QToolButton*>()) {
        if (b->text() == "In") in = b;
        if (b->text() == "Out") out = b;
        if (b->text() == "Clear") clear = b;
    }
    REQUIRE((in && out && clear));
    CHECK(in->parentWidget() == out->parentWidget());
    CHECK(out->parentWidget() == clear->parentWidget());
}
