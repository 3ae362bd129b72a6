// The editor through its real widgets on the offscreen platform, with the real pipeline:
// typing re-solves and moves the canvas, the timeline shows the solver's frames, errors keep the
// last animation, files round-trip, unsaved changes are asked about, autosave restores.

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidgetItemIterator>

#include <cmath>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/editor/script_editor.h"
#include "ui/panels/diagnostics_list.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/thing_item.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/window/script_document.h"

using namespace mv;

namespace {

// Where the canvas draws an anchor of a thing: its item point mapped to the scene, y flipped back.
Vec2 drawnAnchor(test::WindowUnderTest& window, ThingId thing, Vec2 local) {
    const QPointF p = window.scene()->thingItem(thing)->mapToScene(ThingItem::itemPoint(local));
    return window.scene()->toWorld(p);
}

UserPrompts answering(UserPrompts::Unsaved unsaved, QString savePath = {}) {
    UserPrompts prompts;
    prompts.unsavedChanges = [unsaved](const QString&) { return unsaved; };
    prompts.savePath = [savePath](const QString&) { return savePath; };
    prompts.restoreBackup = [](const QString&) { return false; };
    prompts.error = [](const QString&, const QString& message) { FAIL(message.toStdString()); };
    return prompts;
}

// Replaces the text as an edit (like a paste), so the document counts as modified.
void typeScript(test::WindowUnderTest& window, const QString& text) {
    window.editor()->selectAll();
    window.editor()->insertPlainText(text);
    REQUIRE(test::waitUntilIdle(*window.preview()));
}

}  // namespace

TEST_CASE("typing into the editor updates the canvas", "[window]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(answering(UserPrompts::Unsaved::Discard), dir.path());
    typeScript(window, test::kTurningRod);
    REQUIRE(window.scene()->script());
    Vec2 a = drawnAnchor(window, ThingId{0}, {0, 0});
    CHECK(a.x == Approx(20).margin(1e-6));
    CHECK(a.y == Approx(30).margin(1e-6));
    // Edit the text as a user does: select "20" and type "60".
    QTextCursor cursor = window.editor()->document()->find("[20,30]");
    REQUIRE(!cursor.isNull());
    cursor.setPosition(cursor.selectionStart() + 1);
    cursor.movePosition(QTextCursor::Right, QTextCursor::KeepAnchor, 2);
    window.editor()->setTextCursor(cursor);
    QTest::keyClicks(window.editor(), "60");
    REQUIRE(test::waitUntilIdle(*window.preview()));
    a = drawnAnchor(window, ThingId{0}, {0, 0});
    CHECK(a.x == Approx(60).margin(1e-6));
    CHECK(a.y == Approx(30).margin(1e-6));
}

TEST_CASE("dragging the timeline puts the sprites where the solver put them", "[window]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(answering(UserPrompts::Unsaved::Discard), dir.path());
    window.resize(1200, 800);
    window.show();
    typeScript(window, test::kTurningRod);
    const PreviewAnimation& shown = window.preview()->shown();
    REQUIRE(shown.complete);
    REQUIRE(shown.frameCount() == 11);
    TimelineBar* bar = window.timeline()->bar();
    QTest::mousePress(bar, Qt::LeftButton, {}, QPoint(10, bar->height() / 2));
    CHECK(window.timeline()->currentFrame() == 0);
    // Drag to 70 % of the bar: frame 7 of 11 columns.
    QMouseEvent move(QEvent::MouseMove,
                     QPointF(8 + 0.7 * (bar->width() - 16) + 1, bar->height() / 2),
                     bar->mapToGlobal(QPointF(0, 0)), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(bar, &move);
    QTest::mouseRelease(bar, Qt::LeftButton);
    const int frame = window.timeline()->currentFrame();
    CHECK(frame == 7);
    const FrameSolution* solved = shown.frame(frame);
    REQUIRE(solved);
    const Vec2 b = drawnAnchor(window, ThingId{0}, {50, 0});
    const Vec2 expected = solved->poses[0].apply({50, 0});
    CHECK(b.x == Approx(expected.x).margin(1e-6));
    CHECK(b.y == Approx(expected.y).margin(1e-6));
    // And where the script says: 90° per second, frame 7 is at 0.7 s.
    const double angle = M_PI / 2 * 0.7;
    CHECK(b.x == Approx(20 + 50 * std::cos(angle)).margin(1e-4));
    CHECK(b.y == Approx(30 + 50 * std::sin(angle)).margin(1e-4));
}

TEST_CASE("a syntax error shows its diagnostic and keeps the last animation", "[window]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(answering(UserPrompts::Unsaved::Discard), dir.path());
    typeScript(window, test::kTurningRod);
    const Script* good = window.scene()->script();
    REQUIRE(good);
    REQUIRE(window.diagnosticsList()->isEmpty());
    QTextCursor cursor(window.editor()->document());
    cursor.movePosition(QTextCursor::End);
    window.editor()->setTextCursor(cursor);
    QTest::keyClicks(window.editor(), "Rod.B = ;");
    REQUIRE(test::waitUntilIdle(*window.preview()));
    REQUIRE(window.diagnosticsList()->topLevelItemCount() >= 1);
    CHECK(window.diagnosticsList()->topLevelItem(0)->text(1) == "error");
    CHECK(window.diagnosticsList()->topLevelItem(0)->text(0).startsWith("5:"));
    CHECK_FALSE(window.editor()->extraSelections().isEmpty());  // the underline
    CHECK(window.scene()->script() == good);                    // the last good animation stays
    CHECK(window.preview()->shown().complete);
    // Clicking the diagnostic puts the cursor on its line.
    QTreeWidgetItem* item = window.diagnosticsList()->topLevelItem(0);
    emit window.diagnosticsList()->itemClicked(item, 0);
    CHECK(window.editor()->textCursor().blockNumber() == 4);
}

TEST_CASE("a conflict is one row with its frames, and only its constraints are underlined",
          "[window][solver]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(answering(UserPrompts::Unsaved::Discard), dir.path());
    // Line 4 asks Rod.A to be 10 from a point it cannot be 10 from: it fails in every frame.
    typeScript(
        window,
        QString(test::kTurningRod).replace("@1\n", "     far: (Rod.A - [0,0]).length = 10;\n@1\n"));
    DiagnosticsList* list = window.diagnosticsList();
    int errors = 0;
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        QTreeWidgetItem* row = list->topLevelItem(i);
        if (row->text(1) != "error") {
            CHECK(row->text(1) == "note");  // the constraints it depends on
            continue;
        }
        ++errors;
        CHECK(row->text(0).startsWith("4:"));
        CHECK(row->text(2).contains(QString::fromUtf8("frames 0\u201310")));
    }
    CHECK(errors == 1);
    // Underlined: the failing constraint and what it reads (Rod.A's), not the drive of Rod.B.
    int rows = 0;  // the error and, under it, the notes on what it depends on
    for (QTreeWidgetItemIterator it(list); *it; ++it) ++rows;
    CHECK(window.editor()->extraSelections().size() == rows);
    CHECK(window.scene()->showsFailedMark());
}

TEST_CASE("save and reopen round-trip", "[window][files]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString path = dir.filePath("rod.movimentum");
    {
        test::WindowUnderTest window(answering(UserPrompts::Unsaved::Cancel, path), dir.path());
        typeScript(window, test::kTurningRod);
        CHECK(window.document()->isModified());
        REQUIRE(window.document()->save());  // untitled: asks where (savePath)
        CHECK_FALSE(window.document()->isModified());
        CHECK(window.document()->path() == path);
        CHECK_FALSE(window.windowTitle().contains('*'));
    }
    test::WindowUnderTest reopened(answering(UserPrompts::Unsaved::Cancel), dir.path());
    REQUIRE(reopened.openFile(path));
    CHECK(reopened.editor()->toPlainText() == test::kTurningRod);
    CHECK_FALSE(reopened.document()->isModified());
    REQUIRE(test::waitUntilIdle(*reopened.preview()));
    CHECK(reopened.preview()->shown().frameCount() == 11);
}

TEST_CASE("unsaved changes are asked about before they are lost", "[window][files]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString path = dir.filePath("asked.movimentum");
    UserPrompts::Unsaved answer = UserPrompts::Unsaved::Cancel;
    int asked = 0;
    UserPrompts prompts = answering(UserPrompts::Unsaved::Cancel, path);
    prompts.unsavedChanges = [&](const QString&) {
        ++asked;
        return answer;
    };
    test::WindowUnderTest window(prompts, dir.path());
    window.editor()->insertPlainText("Rod : .bar A = [0,0];\n");
    CHECK_FALSE(window.document()->newScript());  // Cancel: nothing happens
    CHECK(asked == 1);
    CHECK(window.editor()->toPlainText() == "Rod : .bar A = [0,0];\n");
    CHECK_FALSE(window.close());  // Cancel keeps the window open
    CHECK(asked == 2);
    answer = UserPrompts::Unsaved::Save;
    CHECK(window.document()->newScript());
    CHECK(QFile::exists(path));
    answer = UserPrompts::Unsaved::Discard;
    window.editor()->insertPlainText("changed");
    CHECK(window.document()->newScript());
    CHECK(window.editor()->toPlainText() != "changed");
    CHECK(asked == 4);
    CHECK(window.close());  // nothing unsaved: no question
    CHECK(asked == 4);
}

TEST_CASE("autosave backs up typing and the next start restores it", "[window][files]") {
    test::ensureApplication();
    QTemporaryDir dir;
    const QString path = dir.filePath("crashed.movimentum");
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(test::kTurningRod);
    file.close();
    const QString backupFolder = dir.filePath("appdata");
    {
        auto window = std::make_unique<test::WindowUnderTest>(
            answering(UserPrompts::Unsaved::Discard), backupFolder);
        REQUIRE(window->openFile(path));
        QTest::keyClicks(window->editor(), "// more");
        QTest::keyClick(window->editor(), Qt::Key_Return);
        const Autosave& autosave = window->document()->autosave();
        // Written a few seconds after typing, without saving.
        CHECK(QTest::qWaitFor([&] { return QFile::exists(autosave.backupPath()); },
                              test::kHangGuardMs));
        // The editor "crashes": destroyed without closing, so the backup stays.
    }
    bool offered = false;
    UserPrompts prompts = answering(UserPrompts::Unsaved::Discard);
    prompts.restoreBackup = [&](const QString& name) {
        offered = name == path;
        return true;
    };
    test::WindowUnderTest restored(prompts, backupFolder);
    REQUIRE(restored.document()->offerRestore());
    CHECK(offered);
    CHECK(restored.document()->path() == path);
    CHECK(restored.editor()->toPlainText() == QString("// more\n") + test::kTurningRod);
    CHECK(restored.document()->isModified());
    // Saving makes the backup unnecessary.
    REQUIRE(restored.document()->save());
    CHECK_FALSE(restored.document()->autosave().find());
}
