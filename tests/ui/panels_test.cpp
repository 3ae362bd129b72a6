// The diagnostics, values and plots panels in the whole editor on the offscreen platform: a cause
// of failure is one row with the frames it failed in, and clicking it selects its constraint's
// text; values are never cut off and can be copied; the plot fills the panel's height beside a
// compact value picker.

#include <catch2/catch.hpp>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHeaderView>
#include <QTemporaryDir>
#include <QTest>

#include "tests/ui/test_support.h"
#include "ui/diagnostics_panel.h"
#include "ui/live_preview.h"
#include "ui/main_window.h"
#include "ui/plot_panel.h"
#include "ui/plot_widget.h"
#include "ui/script_editor.h"
#include "ui/state_panel.h"
#include "ui/text_offsets.h"
#include "ui/timeline_panel.h"

using namespace mv;

namespace {

void typeScript(MainWindow& window, const QString& text) {
    window.editor()->selectAll();
    window.editor()->insertPlainText(text);
    REQUIRE(test::waitUntilIdle(*window.preview()));
}

// Rod.B turns about Rod.A = [20, 30] by `degrees` per second; `seconds` at 10 fps.
QString turningRod(int degrees, const QString& more = {}, int seconds = 1) {
    return QStringLiteral(
               ".config(10, 200, 100);\n"
               "Rod : .bar A = [0,0] B = [50,0];\n"
               "@0   Rod.A = [20,30]; Rod.B = Rod.A + [50,0].rotate(%1° * t);\n"
               "%2@%3\n")
        .arg(degrees)
        .arg(more)
        .arg(seconds);
}

QTreeWidgetItem* findRow(QTreeWidget* tree, const QString& name) {
    const auto found = tree->findItems(name, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return found.isEmpty() ? nullptr : found.front();
}

}  // namespace

TEST_CASE("a cause of failure is one row with its frames; clicking selects its constraint",
          "[window][diagnostics]") {
    test::ensureApplication();
    QTemporaryDir dir;
    MainWindow window(UserPrompts{}, dir.path());
    // B.x = 70 holds only where the bar is horizontal, at t = 0: frames 1–10 fail.
    typeScript(window, turningRod(90, "     Rod.B.x = 70;\n"));
    DiagnosticsPanel* panel = window.diagnosticsPanel();
    const Script& script = *window.preview()->shown().script;
    QTreeWidgetItem* cause = nullptr;
    for (int i = 0; i < panel->topLevelItemCount(); ++i) {
        QTreeWidgetItem* row = panel->topLevelItem(i);
        if (row->text(DiagnosticsPanel::SeverityColumn) != "error") continue;
        CHECK_FALSE(cause);  // one row per cause
        cause = row;
    }
    REQUIRE(cause);
    CHECK(cause->text(DiagnosticsPanel::FramesColumn) ==
          QString::fromUtf8("frames 1\u201310 (10)"));
    // The constraint it is about: the error's first constraint.
    const Diagnostic* conflict = nullptr;
    for (const Diagnostic& d : window.preview()->diagnostics())
        if (d.kind == DiagnosticKind::Conflict) conflict = &d;
    REQUIRE(conflict);
    const SourceRange range = script.constraints[conflict->constraints.front()].range;
    const std::string expected = script.source->text().substr(range.begin, range.length());
    // The notes about the constraints it depends on are under it, not beside it.
    CHECK(cause->childCount() == static_cast<int>(conflict->constraints.size()) - 1);

    emit panel->itemClicked(cause, 0);
    CHECK(window.editor()->textCursor().selectedText().toStdString() == expected);
    CHECK(window.timeline()->currentFrame() == 1);  // its first failed frame
}

TEST_CASE("values are shown whole and copied as shown", "[window][values]") {
    test::ensureApplication();
    QTemporaryDir dir;
    MainWindow window(UserPrompts{}, dir.path());
    window.resize(1200, 800);
    window.show();
    typeScript(window, turningRod(360, {}, 10));  // a turn a second, 36° a frame
    window.timeline()->setCurrentFrame(100);
    StatePanel* values = window.statePanel();
    QTreeWidgetItem* rod = findRow(values, "Rod");
    REQUIRE(rod);
    // The bar's origin is A = [20, 30]; followed for ten whole turns its angle is 3600°.
    const QString shown = rod->text(1);
    CHECK(shown == QString::fromUtf8("[20.000, 30.000] 3600.00°"));
    const int needed = values->fontMetrics().horizontalAdvance(shown);
    CHECK(values->header()->sectionSize(1) >= needed);  // never elided

    QTreeWidgetItem* b = findRow(values, "B");
    REQUIRE(b);
    values->setCurrentItem(b);
    QTest::keySequence(values, QKeySequence::Copy);
    CHECK(QApplication::clipboard()->text() == "Rod.B\t" + b->text(1));
    CHECK(b->text(1) == "[70.000, 30.000]");
    CHECK(values->allText().contains("Rod.A\t[20.000, 30.000]"));
}

TEST_CASE("the plot fills the panel's height beside a compact picker", "[window][plots]") {
    test::ensureApplication();
    QTemporaryDir dir;
    MainWindow window(UserPrompts{}, dir.path());
    typeScript(window, turningRod(90));
    PlotPanel plots;
    plots.showAnimation(window.preview()->shown());
    plots.resize(1000, 260);
    plots.show();
    QApplication::processEvents();
    CHECK(plots.plot()->height() >= plots.height() - 20);
    CHECK(plots.picker()->width() < plots.width() / 3);
    CHECK(plots.picker()->maxVisibleItems() <= 12);
    REQUIRE(plots.addQuantity("Rod.B.x"));
    CHECK(plots.csv().contains("Rod.B.x"));
    plots.resize(1000, 500);  // a taller panel, a taller plot
    QApplication::processEvents();
    CHECK(plots.plot()->height() >= 480);
}
