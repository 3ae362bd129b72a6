// The canvas and the script stay in step: selecting a thing marks its definition and a cursor in
// a definition selects the thing; failed frames are marked; an image changed on disk is reloaded.

#include <catch2/catch.hpp>

#include <QFile>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/editor/script_editor.h"
#include "ui/preview/live_preview.h"
#include "ui/timeline/timeline_bar.h"
#include "ui/timeline/timeline_panel.h"

using namespace mv;

namespace {

const char* const kTwoBars =
    ".config(10, 200, 100);\n"
    "Left  : .bar A = [0,0] B = [30,0];\n"
    "Right : .bar A = [0,0] B = [30,0];\n"
    "@0  Left.A = [20,20]; Left.B = Left.A + [30,0];\n"
    "    Right.A = [120,20]; Right.B = Right.A + [30,0];\n"
    "@1\n";

void setScript(test::WindowUnderTest& window, const QString& text) {
    window.editor()->selectAll();
    window.editor()->insertPlainText(text);
    REQUIRE(test::waitUntilIdle(*window.preview()));
}

QString markedText(test::WindowUnderTest& window) {
    for (const QTextEdit::ExtraSelection& s : window.editor()->extraSelections())
        if (s.format.hasProperty(QTextFormat::BackgroundBrush)) return s.cursor.selectedText();
    return {};
}

// The colour the export renderer draws at the centre of the first thing's image.
QRgb sceneColorAt(MachineScene& scene, QPointF scenePoint) {
    QImage image(scene.worldRect().size().toSize(), QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    scene.render(&painter, QRectF(image.rect()), scene.worldRect());
    painter.end();
    return image.pixel(scenePoint.toPoint());
}

}  // namespace

TEST_CASE("selecting a thing marks its definition, and the other way round", "[window][sync]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    setScript(window, kTwoBars);
    window.scene()->selectThing(1);
    CHECK(markedText(window).startsWith("Right : .bar"));
    // A cursor inside Left's definition selects Left.
    QTextCursor cursor = window.editor()->document()->find("Left  :");
    REQUIRE(!cursor.isNull());
    cursor.clearSelection();
    window.editor()->setTextCursor(cursor);
    CHECK(window.scene()->selectedThing() == 0);
    CHECK(markedText(window).startsWith("Left  : .bar"));
    // Outside any definition: nothing selected.
    cursor.movePosition(QTextCursor::End);
    window.editor()->setTextCursor(cursor);
    CHECK(window.scene()->selectedThing() == -1);
}

TEST_CASE("an element's visual is selected like a thing, and the other way round",
          "[window][sync][visual]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    setScript(window,
              ".config(10, 200, 100);\n"
              "Left : .bar A = [0,0] B = [30,0];\n"
              "Bob  : .pendulum theta = 0.5 l = 0.4;\n"
              "@0  Left.A = [20,20]; Left.B = Left.A + [30,0];\n"
              "@1\n");
    window.scene()->selectElement(0);
    CHECK(markedText(window).startsWith("Bob  : .pendulum"));
    QTextCursor cursor = window.editor()->document()->find("Left :");
    REQUIRE(!cursor.isNull());
    cursor.clearSelection();
    window.editor()->setTextCursor(cursor);
    CHECK(window.scene()->selectedThing() == 0);
    CHECK(window.scene()->selectedElement() == -1);
    cursor = window.editor()->document()->find("theta");
    cursor.clearSelection();
    window.editor()->setTextCursor(cursor);
    CHECK(window.scene()->selectedElement() == 0);
    CHECK(window.scene()->selectedThing() == -1);
    CHECK(markedText(window).startsWith("Bob  : .pendulum"));
}

TEST_CASE("failed frames are marked on the timeline and on the canvas", "[window]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    // From 0.5 s on the 30-unit bar must span 100 units: those frames cannot be solved.
    setScript(window,
              ".config(10, 200, 100);\n"
              "Rod : .bar A = [0,0] B = [30,0];\n"
              "@0    Rod.A = [20,20]; Rod.B = Rod.A + [30,0];\n"
              "@0.5  Rod.B = Rod.A + [100,0];\n"
              "@1\n");
    const PreviewAnimation& shown = window.preview()->shown();
    REQUIRE(shown.complete);
    REQUIRE(shown.frame(2));
    CHECK_FALSE(shown.frame(2)->failed);
    REQUIRE(shown.frame(7));
    CHECK(shown.frame(7)->failed);
    window.timeline()->setCurrentFrame(2);
    CHECK_FALSE(window.scene()->showsFailedMark());
    window.timeline()->setCurrentFrame(7);
    CHECK(window.scene()->showsFailedMark());
    // "frame 7 could not be solved: the constraint on line 4 is off by 70" is wider than this
    // 200-unit canvas at any font: it wraps within it instead of running off its edge.
    const QRectF world = window.scene()->worldRect();
    const QRectF message = window.scene()->failedMarkRect();
    CHECK(message.left() >= world.left());
    CHECK(message.right() <= world.right());
    CHECK(message.height() > 0);
}

TEST_CASE("an image changed on disk is reloaded", "[window][files]") {
    test::ensureApplication();
    QTemporaryDir dir;
    QImage red(20, 10, QImage::Format_RGB32);
    red.fill(Qt::red);
    REQUIRE(red.save(dir.filePath("box.png")));
    const QString path = dir.filePath("box.movimentum");
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(
        ".config(10, 200, 100);\n"
        "Box : 'box.png' P = [0,0];\n"
        "@0 Box.P = [50, 50];\n");
    file.close();
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    REQUIRE(window.openFile(path));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    const QPointF centre(60, 55);  // the box spans scene x [50, 70], y [50, 60]
    CHECK(sceneColorAt(*window.scene(), centre) == QColor(Qt::red).rgb());
    QImage green = red;
    green.fill(Qt::green);
    REQUIRE(green.save(dir.filePath("box.png")));
    CHECK(QTest::qWaitFor(
        [&] { return sceneColorAt(*window.scene(), centre) == QColor(Qt::green).rgb(); },
        test::kHangGuardMs));
}
