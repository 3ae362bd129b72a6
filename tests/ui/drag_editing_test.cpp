// Edit by dragging, through the real widgets offscreen with the real pipeline (docs/editor.md):
// dragging an anchor placed by numbers moves the machine while the mouse moves, rewrites those
// numbers on release, and one undo restores them; dragging a point a constraint computes leaves
// the text and names that constraint; Ctrl+dragging a number in the script changes it and the
// canvas, and one undo restores it.

#include <catch2/catch.hpp>

#include <QApplication>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>

#include <cmath>
#include <random>

#include "core/text/parser.h"
#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/canvas/canvas_drag.h"
#include "ui/canvas/canvas_view.h"
#include "ui/editor/number_literal.h"
#include "ui/editor/number_scrubber.h"
#include "ui/editor/script_editor.h"
#include "ui/files/samples.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/thing_item.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/window/script_document.h"

using namespace mv;

namespace {

void showWindow(test::WindowUnderTest& window) {
    window.resize(1200, 800);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
}

void openWindow(test::WindowUnderTest& window, const QString& text) {
    showWindow(window);
    window.editor()->selectAll();
    window.editor()->insertPlainText(text);
    REQUIRE(test::waitUntilIdle(*window.preview()));
    window.timeline()->setCurrentFrame(4);  // 0.4 s: the rod has turned by 36°
}

Vec2 drawnAnchor(test::WindowUnderTest& window, const char* anchor) {
    const ThingItem* rod = window.scene()->thingItem(ThingId{0});
    const Vec2 local = rod->thing().anchors[size_t(rod->thing().anchorIndex(anchor))].local;
    return window.scene()->toWorld(rod->mapToScene(ThingItem::itemPoint(local)));
}

QPoint onCanvas(test::WindowUnderTest& window, Vec2 world) {
    return window.canvas()->mapFromScene(window.scene()->toScene(world));
}

Vec2 worldAt(test::WindowUnderTest& window, QPoint viewport) {
    return window.scene()->toWorld(window.canvas()->mapToScene(viewport));
}

void mouse(QWidget* widget, QEvent::Type type, QPoint at, Qt::MouseButtons buttons,
           Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
    QMouseEvent event(type, QPointF(at), widget->mapToGlobal(QPointF(at)), button, buttons,
                      modifiers);
    QApplication::sendEvent(widget, &event);
}

// Presses at `from`, moves in ten steps to `to` (the button held) and, when `release`, lets go.
void dragOnCanvas(test::WindowUnderTest& window, QPoint from, QPoint to, bool release = true) {
    QWidget* viewport = window.canvas()->viewport();
    mouse(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton);
    for (int i = 1; i <= 10; ++i)
        mouse(viewport, QEvent::MouseMove, from + (to - from) * i / 10, Qt::LeftButton);
    if (release) mouse(viewport, QEvent::MouseButtonRelease, to, Qt::NoButton);
}

// A point on the first digit after `text` on line `block` (from 0), a little into the digit.
QPoint onFirstDigit(ScriptEditor& editor, int block, const QString& text) {
    const QTextBlock line = editor.document()->findBlockByNumber(block);
    QTextCursor cursor(line);
    cursor.setPosition(line.position() + int(line.text().indexOf(text)) + 1);
    return editor.cursorRect(cursor).center() + QPoint(2, 0);
}

QString lineOf(test::WindowUnderTest& window, int line) {
    return window.editor()->document()->findBlockByNumber(line - 1).text();
}

}  // namespace

TEST_CASE("dragging an anchor rewrites its numbers, and one undo restores them", "[window][drag]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    openWindow(window, test::kTurningRod);
    const Vec2 a = drawnAnchor(window, "A");
    REQUIRE(a.x == Approx(20).margin(1e-6));
    const Vec2 b = drawnAnchor(window, "B");
    const QPoint from = onCanvas(window, a);
    const QPoint to = from + QPoint(90, -60);
    const Vec2 target = Vec2{20, 30} + (worldAt(window, to) - worldAt(window, from));

    // While the button is held the machine follows the mouse, the text not yet.
    dragOnCanvas(window, from, to, false);
    REQUIRE(window.canvasDrag()->isDragging());
    REQUIRE(QTest::qWaitFor([&] { return (drawnAnchor(window, "A") - target).length() < 1e-6; },
                            test::kHangGuardMs));
    const Vec2 followed = drawnAnchor(window, "B") - drawnAnchor(window, "A");
    CHECK(followed.x == Approx(b.x - a.x).margin(1e-6));  // B keeps its place relative to A
    CHECK(followed.y == Approx(b.y - a.y).margin(1e-6));
    CHECK(lineOf(window, 3).startsWith("@0   Rod.A = [20,30];"));

    mouse(window.canvas()->viewport(), QEvent::MouseButtonRelease, to, Qt::NoButton);
    CHECK_FALSE(window.canvasDrag()->isDragging());
    // Rounded to what a pixel resolves at this zoom.
    const QRegularExpression moved(R"(Rod\.A = \[(-?[\d.]+),(-?[\d.]+)\];)");
    const QRegularExpressionMatch match = moved.match(lineOf(window, 3));
    REQUIRE(match.hasMatch());
    CHECK(std::abs(match.captured(1).toDouble() - target.x) <= 0.5);
    CHECK(std::abs(match.captured(2).toDouble() - target.y) <= 0.5);
    CHECK(window.statusBar()->currentMessage().contains("Rod.A moved"));
    // The new text is solved again, and the canvas shows it.
    REQUIRE(test::waitUntilIdle(*window.preview()));
    CHECK(drawnAnchor(window, "A").x == Approx(match.captured(1).toDouble()).margin(1e-6));
    CHECK(drawnAnchor(window, "A").y == Approx(match.captured(2).toDouble()).margin(1e-6));

    window.editor()->undo();
    CHECK(lineOf(window, 3).startsWith("@0   Rod.A = [20,30];"));
    CHECK(window.editor()->toPlainText() == test::kTurningRod);
    REQUIRE(test::waitUntilIdle(*window.preview()));
    CHECK(drawnAnchor(window, "A").x == Approx(20).margin(1e-6));
}

TEST_CASE("dragging a computed point leaves the text and names its constraint", "[window][drag]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    openWindow(window, test::kTurningRod);
    const Vec2 b = drawnAnchor(window, "B");
    const QPoint from = onCanvas(window, b);
    dragOnCanvas(window, from, from + QPoint(-40, 50));
    CHECK(window.editor()->toPlainText() == test::kTurningRod);
    const QString message = window.statusBar()->currentMessage();
    CHECK(message.contains("Rod.B is held by line 3: Rod.B = Rod.A + [50,0].rotate(90° * t)"));
    CHECK(message.contains("the text is unchanged"));
    // Nothing could move it, and the frame on screen is the animation's again.
    CHECK((drawnAnchor(window, "B") - b).length() == Approx(0).margin(1e-6));
}

TEST_CASE("Ctrl+dragging a number scrubs it, the canvas follows, one undo restores it",
          "[window][scrub]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    openWindow(window, test::kTurningRod);
    ScriptEditor* editor = window.editor();
    const QPoint from = onFirstDigit(*editor, 2, "[20,30]");  // on the `2`
    QWidget* viewport = editor->viewport();
    mouse(viewport, QEvent::MouseButtonPress, from, Qt::LeftButton, Qt::ControlModifier);
    REQUIRE(window.scrubber()->isScrubbing());
    // 2 pixels a step of 1: 10 steps to the right, in five moves.
    for (int dx = 4; dx <= 20; dx += 4)
        mouse(viewport, QEvent::MouseMove, from + QPoint(dx, 0), Qt::LeftButton,
              Qt::ControlModifier);
    CHECK(lineOf(window, 3).startsWith("@0   Rod.A = [30,30];"));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    CHECK(drawnAnchor(window, "A").x == Approx(30).margin(1e-6));
    // Back to the left of where it started: below zero, written with a minus.
    mouse(viewport, QEvent::MouseMove, from + QPoint(-50, 0), Qt::LeftButton, Qt::ControlModifier);
    mouse(viewport, QEvent::MouseButtonRelease, from + QPoint(-50, 0), Qt::NoButton,
          Qt::ControlModifier);
    CHECK_FALSE(window.scrubber()->isScrubbing());
    CHECK(lineOf(window, 3).startsWith("@0   Rod.A = [-5,30];"));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    CHECK(drawnAnchor(window, "A").x == Approx(-5).margin(1e-6));
    editor->undo();
    CHECK(editor->toPlainText() == test::kTurningRod);
    REQUIRE(test::waitUntilIdle(*window.preview()));
    CHECK(drawnAnchor(window, "A").x == Approx(20).margin(1e-6));
}

// Issue 41: the scrub can be found. With Ctrl held over a number the cursor is a sideways arrow,
// without it the text cursor; hovering a number says what Ctrl+drag does.
TEST_CASE("a number shows that it can be scrubbed", "[window][scrub]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    openWindow(window, test::kTurningRod);
    ScriptEditor* editor = window.editor();
    const QPoint on = onFirstDigit(*editor, 2, "[20,30]");
    const QTextBlock block = editor->document()->findBlockByNumber(2);
    const int number = block.position() + int(block.text().indexOf("[20,30]")) + 1;
    QWidget* viewport = editor->viewport();
    mouse(viewport, QEvent::MouseMove, on, Qt::NoButton, Qt::ControlModifier);
    CHECK(viewport->cursor().shape() == Qt::SizeHorCursor);
    mouse(viewport, QEvent::MouseMove, on, Qt::NoButton, Qt::NoModifier);
    CHECK(viewport->cursor().shape() == Qt::IBeamCursor);
    CHECK(editor->toolTipAt(number).contains("Ctrl+drag"));
    CHECK_FALSE(editor->toolTipAt(block.position() + 6).contains("Ctrl+drag"));  // on `Rod`
}

TEST_CASE("the number under the mouse, and numbers written back", "[scrub]") {
    const QString line = "Crank.P = Engine.P + [330, -1.25] - x2; // 45 'p9.png'";
    const auto at = [&](const char* text, int into) {
        return numberAt(line, int(line.indexOf(text)) + into);
    };
    REQUIRE(at("330", 1));
    CHECK(at("330", 1)->value == 330);
    CHECK(at("330", 0)->length == 3);
    CHECK(at("330", 3)->decimals == 0);
    REQUIRE(at("1.25", 2));
    CHECK(at("1.25", 2)->value == -1.25);  // after a comma the minus is a sign
    CHECK(at("1.25", 2)->decimals == 2);
    CHECK(at("1.25", 2)->position == line.indexOf("-1.25"));
    CHECK_FALSE(at("x2", 1));                 // part of a name
    CHECK_FALSE(at("45", 1));                 // in a comment
    CHECK(numberAt("a - 5", 4)->value == 5);  // a subtraction keeps its minus
    CHECK_FALSE(numberAt("'p9.png'", 2));     // in a string
    CHECK_FALSE(numberAt("1e-3", 0));
    CHECK_FALSE(numberAt("1e-3", 3));
    CHECK(formatNumber(359.6, 0) == "360");
    CHECK(formatNumber(-0.04, 1) == "0.0");
    CHECK(formatNumber(-2.5, 1) == "-2.5");
}

namespace {

// The signs of a frame's variables, `_` included; 0 for one too near zero to have a side.
std::vector<int> signsOf(const FrameSolution& frame) {
    std::vector<int> signs;
    for (const Vec2& v : frame.variables)
        for (double c : {v.x, v.y}) signs.push_back(std::abs(c) < 1e-3 ? 0 : c > 0 ? 1 : -1);
    return signs;
}

}  // namespace

// The first-frame rule (docs/reference.md#solving-a-frame) and the drag together: after the pump's
// engine was dragged, the machine once came back upside down. Here every thing of every sample is
// dragged a little, at the first frame and at the middle one, through the canvas as a user does;
// once the new text is solved, no variable and no `_` of that frame may have changed its sign.
TEST_CASE("no drag of any thing of any sample changes a branch", "[window][drag][samples]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    showWindow(window);
    int rewritten = 0;  // drags that moved numbers in the text (a computed thing moves none)
    for (const QString& sample : sampleScripts()) {
        REQUIRE(window.document()->openCopy(sample));
        REQUIRE(test::waitUntilIdle(*window.preview()));
        const int frames = static_cast<int>(window.preview()->shown().solved().size());
        REQUIRE(frames > 0);
        const QString original = window.editor()->toPlainText();
        for (const int frame : {0, frames / 2}) {
            for (ThingId id{0}; id < window.scene()->script()->things.size(); ++id) {
                window.timeline()->setCurrentFrame(frame);
                const std::vector<int> before =
                    signsOf(window.preview()->shown().solved()[size_t(frame)]);
                const ThingItem* item = window.scene()->thingItem(id);
                const Vec2 local = item->thing().anchors.front().local;
                const Vec2 grip =
                    window.scene()->toWorld(item->mapToScene(ThingItem::itemPoint(local)));
                const QPoint from = onCanvas(window, grip);
                INFO(sample.toStdString()
                     << ", frame " << frame << ", thing " << item->thing().name);
                dragOnCanvas(window, from, from + QPoint(6, -4));
                REQUIRE(test::waitUntilIdle(*window.preview()));
                REQUIRE(int(window.preview()->shown().solved().size()) > frame);
                const std::vector<int> after =
                    signsOf(window.preview()->shown().solved()[size_t(frame)]);
                REQUIRE(after.size() == before.size());
                for (size_t i = 0; i < before.size(); ++i)
                    if (before[i] != 0 && after[i] != 0) CHECK(after[i] == before[i]);
                // Back to the sample's own text for the next thing.
                if (window.editor()->toPlainText() != original) {
                    ++rewritten;
                    window.editor()->undo();
                }
                REQUIRE(window.editor()->toPlainText() == original);
                REQUIRE(test::waitUntilIdle(*window.preview()));
            }
        }
    }
    CHECK(rewritten >= int(sampleScripts().size()));
}

// Fuzzing the drag (issue 24): random drags, short and long, of random anchors of random samples,
// through the canvas. None may crash; each leaves a text that still parses, and one undo brings
// the sample's text back.
TEST_CASE("random drags on the samples keep the text parsable and undo in one step",
          "[window][drag][samples]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    showWindow(window);
    std::mt19937 random(2024);
    const QStringList samples = sampleScripts();
    REQUIRE(!samples.isEmpty());
    for (int round = 0; round < 24; ++round) {
        const QString sample = samples[int(random() % unsigned(samples.size()))];
        REQUIRE(window.document()->openCopy(sample));
        REQUIRE(test::waitUntilIdle(*window.preview()));
        const QString original = window.editor()->toPlainText();
        const Script* script = window.scene()->script();
        REQUIRE(script);
        if (script->things.empty()) continue;  // a sample of elements alone
        const ThingId id{uint32_t(random() % script->things.size())};
        const ThingItem* item = window.scene()->thingItem(id);
        const auto& anchors = item->thing().anchors;
        const Vec2 local = anchors[random() % anchors.size()].local;
        const QPoint from = onCanvas(
            window, window.scene()->toWorld(item->mapToScene(ThingItem::itemPoint(local))));
        // From a pixel to far off the canvas.
        const int reach = round % 3 == 0 ? 3000 : 60;
        const QPoint by(int(random() % (2 * reach)) - reach, int(random() % (2 * reach)) - reach);
        INFO(sample.toStdString() << ": " << item->thing().name << " by " << by.x() << ", "
                                  << by.y());
        dragOnCanvas(window, from, from + by);
        const std::string text = window.editor()->toPlainText().toStdString();
        Diagnostics syntax;
        parse(SourceText("dragged", text), syntax);
        CHECK_FALSE(syntax.hasErrors());
        if (window.editor()->toPlainText() != original) window.editor()->undo();
        CHECK(window.editor()->toPlainText() == original);
        REQUIRE(test::waitUntilIdle(*window.preview()));
    }
}
