// The Edit menu's text commands on the real window's script editor: find and replace with match
// case and whole word, Replace All as one undo step, toggle comment, go to line, word wrap and the
// status bar's line and column.

#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/editor/editing_commands.h"
#include "ui/editor/find_bar.h"
#include "ui/editor/script_editor.h"

using namespace mv;

namespace {

const QString kText = QStringLiteral(
    "Crank : .bar P = [0,0] Q = [30,0];\n"
    "crank2 : .bar P = [0,0] Q = [10,0];\n"
    "@0  Crank.P = [100,100]; Crank.Q = Crank.P + [30,0].rotate(t);\n"
    "@2\n");

struct Window {
    Window() : window(UserPrompts{}, dir.path()) { window.editor()->setPlainText(kText); }
    QString text() const { return window.editor()->toPlainText(); }
    QTemporaryDir dir;
    test::WindowUnderTest window;
};

QAction* menuAction(test::WindowUnderTest& window, const QString& menu, const QString& text) {
    for (QAction* top : window.menuBar()->actions()) {
        if (top->text().remove('&') != menu) continue;
        for (QAction* action : top->menu()->actions())
            if (action->text().remove('&').startsWith(text)) return action;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("find selects the next match, wrapping around, with match case and whole word",
          "[edit]") {
    test::ensureApplication();
    Window w;
    FindBar* bar = w.window.findBar();
    QAction* find = menuAction(w.window, "Edit", "Find…");
    REQUIRE(find);
    find->trigger();
    CHECK(bar->isVisibleTo(&w.window));
    bar->findField()->setText("crank");
    // Case-insensitive by default: "Crank" on line 1 comes first.
    REQUIRE(bar->findNext());
    QTextCursor c = w.window.editor()->textCursor();
    CHECK(c.selectedText() == "Crank");
    CHECK(c.selectionStart() == 0);
    bar->matchCase()->setChecked(true);
    REQUIRE(bar->findNext());
    c = w.window.editor()->textCursor();
    CHECK(c.selectedText() == "crank");
    CHECK(c.selectionStart() == kText.indexOf("crank2"));
    // Whole word: "crank2" is not the word "crank", and nothing else matches case.
    bar->wholeWord()->setChecked(true);
    CHECK_FALSE(bar->findNext());
    CHECK(bar->status() == "not found");
    bar->matchCase()->setChecked(false);
    REQUIRE(bar->findNext());
    CHECK(w.window.editor()->textCursor().selectionStart() == kText.indexOf("Crank.P"));
    CHECK(bar->status().isEmpty());
    // From the end, Next wraps around to the start; from the start, Previous to the end.
    w.window.editor()->moveCursor(QTextCursor::End);
    REQUIRE(bar->findNext());
    CHECK(w.window.editor()->textCursor().selectionStart() == 0);
    CHECK(bar->status() == "wrapped around");
    REQUIRE(bar->findPrevious());
    CHECK(w.window.editor()->textCursor().selectionStart() == kText.lastIndexOf("Crank"));
}

TEST_CASE("replace changes the selected match only, and Replace All is one undo step", "[edit]") {
    test::ensureApplication();
    Window w;
    FindBar* bar = w.window.findBar();
    menuAction(w.window, "Edit", "Replace…")->trigger();
    CHECK(bar->replaceField()->isVisibleTo(&w.window));
    bar->findField()->setText("Crank");
    bar->replaceField()->setText("Arm");
    bar->matchCase()->setChecked(true);
    bar->wholeWord()->setChecked(true);
    // The first Replace only finds (nothing was selected); the second replaces that match.
    bar->replaceCurrent();
    CHECK(w.text() == kText);
    bar->replaceCurrent();
    QString expected = kText;
    expected.replace(0, 5, "Arm");
    CHECK(w.text() == expected);
    // The next match is selected, not replaced.
    CHECK(w.window.editor()->textCursor().selectionStart() == expected.indexOf("Crank.P"));

    w.window.editor()->setPlainText(kText);
    CHECK(bar->replaceAll() == 4);  // not "crank2": match case and whole word
    expected = kText;
    expected.replace(QRegularExpression("\\bCrank\\b"), "Arm");
    CHECK(w.text() == expected);
    CHECK(w.text().contains("crank2"));
    w.window.editor()->undo();
    CHECK(w.text() == kText);

    // Replacing with a text that contains the match ends (each match is replaced once).
    bar->wholeWord()->setChecked(false);
    bar->replaceField()->setText("CrankCrank");
    CHECK(bar->replaceAll() == 4);
    CHECK(w.text().count("CrankCrank") == 4);
}

TEST_CASE("Enter in the find field finds the next match, Esc closes the bar", "[edit]") {
    test::ensureApplication();
    Window w;
    w.window.show();
    FindBar* bar = w.window.findBar();
    bar->openFind();
    QTest::keyClicks(bar->findField(), "Crank.Q");
    CHECK(w.window.editor()->textCursor().selectedText() == "Crank.Q");
    const int first = w.window.editor()->textCursor().selectionStart();
    QTest::keyClick(bar->findField(), Qt::Key_Return);
    CHECK(w.window.editor()->textCursor().selectionStart() == first);  // the only match
    QTest::keyClick(bar->findField(), Qt::Key_Escape);
    CHECK_FALSE(bar->isVisible());
}

TEST_CASE("toggle comment comments the selected lines and uncomments them again", "[edit]") {
    test::ensureApplication();
    QPlainTextEdit editor;
    editor.setPlainText("a = 1;\n    b = 2;\n\nc = 3;\n");
    QTextCursor cursor(editor.document());
    cursor.setPosition(2);
    cursor.setPosition(editor.toPlainText().indexOf("c = 3"), QTextCursor::KeepAnchor);
    editor.setTextCursor(cursor);  // ends at the start of line 4: lines 1 to 3
    toggleLineComments(&editor);
    CHECK(editor.toPlainText() == "// a = 1;\n//     b = 2;\n\nc = 3;\n");
    toggleLineComments(&editor);
    CHECK(editor.toPlainText() == "a = 1;\n    b = 2;\n\nc = 3;\n");
    // Indented lines only: the marker goes at their common indentation. One undo step each.
    editor.setPlainText("  x = 1;\n    y = 2;\n");
    editor.selectAll();
    toggleLineComments(&editor);
    CHECK(editor.toPlainText() == "  // x = 1;\n  //   y = 2;\n");
    editor.undo();
    CHECK(editor.toPlainText() == "  x = 1;\n    y = 2;\n");
}

TEST_CASE("go to line moves the cursor, and the status bar shows line and column", "[edit]") {
    test::ensureApplication();
    Window w;
    goToLine(w.window.editor(), 3);
    CHECK(w.window.editor()->textCursor().blockNumber() == 2);
    goToLine(w.window.editor(), 99);  // clamped to the last line
    CHECK(w.window.editor()->textCursor().blockNumber() ==
          w.window.editor()->document()->blockCount() - 1);
    // Line 3, after "@0  Crank.P" (11 characters): column 12.
    QTextCursor cursor = w.window.editor()->textCursor();
    cursor.setPosition(kText.indexOf("@0") + 11);
    w.window.editor()->setTextCursor(cursor);
    QStringList labels;
    for (QLabel* label : w.window.statusBar()->findChildren<QLabel*>()) labels << label->text();
    CHECK(labels.contains("Line 3, Col 12"));
}

TEST_CASE("the column counts code points, as the diagnostics do", "[edit]") {
    test::ensureApplication();
    Window w;
    w.window.editor()->setPlainText(QStringLiteral("a = 90° + 𝜋;"));  // 𝜋: two UTF-16 units
    w.window.editor()->moveCursor(QTextCursor::End);
    QStringList labels;
    for (QLabel* label : w.window.statusBar()->findChildren<QLabel*>()) labels << label->text();
    CHECK(labels.contains("Line 1, Col 13"));
}

// Issue 41: the end of a long line does not scroll the pane sideways; wrapping is on from the
// start, and Edit ▸ Word Wrap turns it off and on.
TEST_CASE("a long line wraps at the pane's edge, and Word Wrap turns it off", "[edit]") {
    test::ensureApplication();
    Window w;
    QAction* wrap = menuAction(w.window, "Edit", "Word Wrap");
    REQUIRE(wrap);
    ScriptEditor* editor = w.window.editor();
    CHECK(wrap->isChecked());
    editor->setPlainText(QString("@0 ") + QString("Crank.P = [1, 2]; ").repeated(20) + "\n@1\n");
    w.window.show();
    editor->moveCursor(QTextCursor::End);
    editor->moveCursor(QTextCursor::Up);
    editor->moveCursor(QTextCursor::EndOfLine);
    QCoreApplication::processEvents();
    CHECK(editor->horizontalScrollBar()->maximum() == 0);  // nothing to scroll to
    wrap->trigger();
    CHECK(editor->lineWrapMode() == QPlainTextEdit::NoWrap);
    QCoreApplication::processEvents();
    CHECK(editor->horizontalScrollBar()->maximum() > 0);
    wrap->trigger();
    CHECK(editor->lineWrapMode() == QPlainTextEdit::WidgetWidth);
}

// Issue 41: Enter keeps the line's indentation, so the next statement of a step starts where the
// step's statements do; one undo takes the new line back.
TEST_CASE("Enter starts the new line at the indentation of the line before", "[edit]") {
    test::ensureApplication();
    ScriptEditor editor;
    editor.setPlainText("@0    Rod.A = [0,0];");
    editor.moveCursor(QTextCursor::End);
    QTest::keyClick(&editor, Qt::Key_Return);
    editor.insertPlainText("Rod.B = [1,0];");
    CHECK(editor.toPlainText() == "@0    Rod.A = [0,0];\n      Rod.B = [1,0];");
    editor.setPlainText("      x = 1;");
    editor.moveCursor(QTextCursor::End);
    QTest::keyClick(&editor, Qt::Key_Enter);
    CHECK(editor.toPlainText() == "      x = 1;\n      ");
    editor.undo();
    CHECK(editor.toPlainText() == "      x = 1;");
}
