// Help while typing, through the real window: completion after `Name.` and of names, the value of
// a name under the mouse (the Values panel's), and an anchor's name and position on the canvas.
// The machine is a crank whose pin Q starts at P + [30, 0] = [250, 150]: numbers to check against.

#include <catch2/catch.hpp>

#include <QAbstractItemView>
#include <QCompleter>
#include <QGraphicsView>
#include <QHelpEvent>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

#include "core/editing/completion_candidates.h"
#include "core/model/script.h"
#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/canvas/canvas_view.h"
#include "ui/editor/script_completer.h"
#include "ui/editor/script_editor.h"
#include "ui/panels/values_panel.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/anchor_item.h"

using namespace mv;

namespace {

const QString kCrank = QStringLiteral(
    ".config(10, 400, 300);\n"
    "Engine : .bar P = [0,0] Q = [1,0];\n"
    "Crank : .bar P = [0,0] Q = [30,0] R = [10,10];\n"
    "Bob : .pendulum theta = 0.5 l = 2;\n"
    "Swing : .swing target = Bob;\n"
    "@0  Engine.P = [20,80]; Engine.Q = Engine.P + [_,0];\n"
    "    Crank.P = Engine.P + [200,70];\n"
    "    Crank.Q = Crank.P + [30,0].rotate(180° * t + 0 * Bob.theta);\n"
    "@1\n");

struct SolvedWindow {
    SolvedWindow() : window(UserPrompts{}, dir.path()) {
        window.resize(1200, 800);
        window.show();
        window.editor()->setPlainText(kCrank);
        window.preview()->runNow();
        REQUIRE(test::waitUntilIdle(*window.preview()));
        REQUIRE(window.preview()->shown().complete);
    }
    // Types on a new last line as a user does, key by key.
    void typeOnNewLine(const QString& keys) {
        window.editor()->moveCursor(QTextCursor::End);
        window.editor()->insertPlainText("\n");
        QTest::keyClicks(window.editor(), keys);
    }
    QStringList offered() const {
        QStringList names;
        QAbstractItemModel* model = window.completer()->completer()->completionModel();
        for (int row = 0; row < model->rowCount(); ++row)
            names << model->index(row, 0).data().toString();
        return names;
    }
    QTemporaryDir dir;
    test::WindowUnderTest window;
};

// The numbers in a text, in order: "[250.000, 150.000]" -> 250, 150.
std::vector<double> numbersIn(const QString& text) {
    std::vector<double> numbers;
    static const QRegularExpression number("-?\\d+(\\.\\d+)?");
    for (auto it = number.globalMatch(text); it.hasNext();)
        numbers.push_back(it.next().captured().toDouble());
    return numbers;
}

QString valuesPanelText(ValuesPanel* panel, const QString& group, const QStringList& path) {
    for (int g = 0; g < panel->topLevelItemCount(); ++g) {
        QTreeWidgetItem* item = panel->topLevelItem(g);
        if (item->text(0) != group) continue;
        for (const QString& name : path) {
            QTreeWidgetItem* next = nullptr;
            for (int c = 0; c < item->childCount(); ++c)
                if (item->child(c)->text(0) == name) next = item->child(c);
            if (!next) return {};
            item = next;
        }
        return item->text(1);
    }
    return {};
}

// Sends the tooltip request a resting mouse sends, at `pos` in `widget`; the text shown.
QString toolTipAt(QWidget* widget, QPoint pos) {
    // A hidden tooltip lingers a moment (and keeps its text): wait until the last one is gone.
    QToolTip::hideText();
    REQUIRE(QTest::qWaitFor([] { return !QToolTip::isVisible(); }, test::kHangGuardMs));
    QHelpEvent help(QEvent::ToolTip, pos, widget->mapToGlobal(pos));
    QApplication::sendEvent(widget, &help);
    return QToolTip::isVisible() ? QToolTip::text() : QString();
}

}  // namespace

TEST_CASE("completion after Crank. lists Crank's anchors, and Down and Enter insert one",
          "[completion]") {
    test::ensureApplication();
    SolvedWindow w;
    w.typeOnNewLine("Crank.");
    REQUIRE(w.window.completer()->isPopupVisible());
    CHECK(w.offered() == QStringList{"P", "Q", "R"});
    QTest::keyClick(w.window.editor(), Qt::Key_Down);
    QTest::keyClick(w.window.editor(), Qt::Key_Return);
    CHECK_FALSE(w.window.completer()->isPopupVisible());
    CHECK(w.window.editor()->toPlainText().endsWith("\nCrank.Q"));
    // Undo takes back the inserted name only.
    w.window.editor()->undo();
    CHECK(w.window.editor()->toPlainText().endsWith("\nCrank."));
}

TEST_CASE("completion offers an element's states and parameters, and names elsewhere",
          "[completion]") {
    test::ensureApplication();
    SolvedWindow w;
    w.typeOnNewLine("Bob.");
    REQUIRE(w.window.completer()->isPopupVisible());
    CHECK(w.offered() == QStringList{"g", "l", "m", "theta", "theta_d1"});
    // Typing narrows the list; Esc closes it and leaves the text as typed.
    QTest::keyClicks(w.window.editor(), "th");
    CHECK(w.offered() == QStringList{"theta", "theta_d1"});
    QTest::keyClick(w.window.editor(), Qt::Key_Escape);
    CHECK_FALSE(w.window.completer()->isPopupVisible());
    CHECK(w.window.editor()->toPlainText().endsWith("\nBob.th"));

    // Two letters of a name: things, elements and functions that start with them.
    w.typeOnNewLine("cr");
    REQUIRE(w.window.completer()->isPopupVisible());
    CHECK(w.offered() == QStringList{"Crank", "cross"});
    QTest::keyClick(w.window.editor(), Qt::Key_Tab);  // the first, in the name's own case
    CHECK(w.window.editor()->toPlainText().endsWith("\nCrank"));
}

TEST_CASE("completion candidates follow the text before the cursor", "[completion]") {
    test::ensureApplication();
    SolvedWindow w;
    const Script* script = w.window.preview()->shown().script.get();
    using Names = std::vector<std::string>;
    const Names vector{"angle", "length", "rotate", "x", "y"};
    CHECK(completionCandidates(script, "a = Crank.Q.").names() == vector);
    CHECK(completionCandidates(script, "a = [1,0].").names() == vector);
    CHECK(completionCandidates(script, "a = Crank.P.x + Crank.").names() == Names{"P", "Q", "R"});
    CHECK(completionCandidates(script, "a = 1.").names().empty());
    CHECK(completionCandidates(script, "a = 12").names().empty());
    CHECK(completionCandidates(script, "// Crank.").names().empty());
    CHECK(completionCandidates(script, "Crank : 'crank.").names().empty());
    CHECK(completionCandidates(script, "Nothing.").names().empty());
    const CompletionCandidates top = completionCandidates(script, "x = si");
    CHECK(top.prefix == "si");
    CHECK_FALSE(top.isMember);
    const Names names = top.names();
    for (const char* name : {"sin", "Swing", "Engine", "pi"})
        CHECK(std::find(names.begin(), names.end(), name) != names.end());
}

TEST_CASE("hovering a name in the text shows the value the Values panel shows", "[hover]") {
    test::ensureApplication();
    SolvedWindow w;
    ScriptEditor* editor = w.window.editor();
    const QString panel = valuesPanelText(w.window.valuesPanel(), "Things", {"Crank", "Q"});
    REQUIRE(!panel.isEmpty());
    // The mouse on the `Q` of "Crank.Q = Crank.P + …" (line 8).
    QTextCursor at(editor->document());
    at.setPosition(kCrank.indexOf("Crank.Q =") + 6);
    const QPoint pos = editor->cursorRect(at).center() + QPoint(2, 0);
    const QString tip = toolTipAt(editor->viewport(), pos);
    CHECK(tip == "Crank.Q = " + panel);
    const std::vector<double> q = numbersIn(panel);
    REQUIRE(q.size() >= 2);
    CHECK(q[0] == Approx(250).margin(1e-3));
    CHECK(q[1] == Approx(150).margin(1e-3));

    // An element's state, and a parameter (a constant of the script, not in the panel).
    const int theta = kCrank.indexOf("Bob.theta)") + 5;
    CHECK(editor->toolTipAt(theta) ==
          "Bob.theta = " + valuesPanelText(w.window.valuesPanel(), "Elements", {"Bob", "theta"}));
    // A pendulum's angle reads in degrees as a thing's does (issue 41), its rate in °/s: at
    // frame 0 theta = 0.5 rad.
    CHECK(valuesPanelText(w.window.valuesPanel(), "Elements", {"Bob", "theta"}) ==
          QString::fromUtf8("28.6°"));
    CHECK(valuesPanelText(w.window.valuesPanel(), "Elements", {"Bob", "theta_d1"}).endsWith("°/s"));
    w.window.editor()->moveCursor(QTextCursor::End);
    w.window.editor()->insertPlainText("// Bob.l\n");
    CHECK(editor->toolTipAt(editor->toPlainText().indexOf("Bob.l") + 4) == "Bob.l = 2 (parameter)");
    // Past the end of a line nothing is under the mouse.
    at.setPosition(kCrank.indexOf("@1") + 2);
    CHECK(
        toolTipAt(editor->viewport(), editor->cursorRect(at).center() + QPoint(300, 0)).isEmpty());
}

TEST_CASE("hovering an anchor on the canvas shows its name and world position", "[hover]") {
    test::ensureApplication();
    SolvedWindow w;
    AnchorItem* pin = nullptr;
    for (QGraphicsItem* item : w.window.scene()->items())
        if (auto* anchor = dynamic_cast<AnchorItem*>(item); anchor && anchor->label() == "Crank.Q")
            pin = anchor;
    REQUIRE(pin);
    CanvasView* canvas = w.window.canvas();
    const QPoint pos = canvas->mapFromScene(pin->scenePos());
    const QString tip = toolTipAt(canvas->viewport(), pos);
    CHECK(tip.startsWith("Crank.Q = "));
    const std::vector<double> q = numbersIn(tip.mid(tip.indexOf('=')));
    REQUIRE(q.size() == 2);
    CHECK(q[0] == Approx(250).margin(0.01));
    CHECK(q[1] == Approx(150).margin(0.01));
    // Away from every anchor there is no tooltip.
    CHECK(toolTipAt(canvas->viewport(), QPoint(2, 2)).isEmpty());
}
