// The diagnostics, values and plots panels in the whole editor on the offscreen platform: a cause
// of failure is one row with the frames it failed in, and clicking it selects its constraint's
// text; values are never cut off and can be copied; the plot fills the panel's height beside a
// compact value picker.

#include <catch2/catch.hpp>

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/editor/script_editor.h"
#include "ui/editor/widget_positions.h"
#include "ui/panels/diagnostics_list.h"
#include "ui/panels/plot_panel.h"
#include "ui/panels/plot_widget.h"
#include "ui/panels/values_panel.h"
#include "ui/preview/live_preview.h"
#include "ui/timeline/timeline_panel.h"

using namespace mv;

namespace {

void typeScript(test::WindowUnderTest& window, const QString& text) {
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

TEST_CASE("a cause of failure is one row with its frames, and clicking selects its constraint",
          "[window][diagnostics]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    // B.x = 70 holds only where the bar is horizontal, at t = 0: frames 1–10 fail.
    typeScript(window, turningRod(90, "     Rod.B.x = 70;\n"));
    DiagnosticsList* list = window.diagnosticsList();
    const Script& script = *window.preview()->shown().script;
    QTreeWidgetItem* cause = nullptr;
    for (int i = 0; i < list->topLevelItemCount(); ++i) {
        QTreeWidgetItem* row = list->topLevelItem(i);
        if (row->text(DiagnosticsList::SeverityColumn) != "error") continue;
        CHECK_FALSE(cause);  // one row per cause
        cause = row;
    }
    REQUIRE(cause);
    CHECK(cause->text(DiagnosticsList::FramesColumn) == QString::fromUtf8("frames 1\u201310 (10)"));
    // The constraint it is about: the error's first constraint.
    const Diagnostic* conflict = nullptr;
    for (const Diagnostic& d : window.preview()->diagnostics())
        if (d.kind == DiagnosticKind::Conflict) conflict = &d;
    REQUIRE(conflict);
    const SourceRange range = script.constraints[conflict->constraints.front()].range;
    const std::string expected = script.source->text().substr(range.begin, range.length());
    // The notes about the constraints it depends on are under it, not beside it.
    CHECK(cause->childCount() == static_cast<int>(conflict->constraints.size()) - 1);

    emit list->itemClicked(cause, 0);
    CHECK(window.editor()->textCursor().selectedText().toStdString() == expected);
    CHECK(window.timeline()->currentFrame() == 1);  // its first failed frame
}

TEST_CASE("values are shown whole and copied as shown", "[window][values]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.resize(1200, 800);
    window.show();
    typeScript(window, turningRod(360, {}, 10));  // a turn a second, 36° a frame
    window.timeline()->setCurrentFrame(100);
    ValuesPanel* values = window.valuesPanel();
    QTreeWidgetItem* rod = findRow(values, "Rod");
    REQUIRE(rod);
    // A labelled row per quantity. The bar's origin is A = [20, 30]: on a 200 × 100 canvas a
    // tenth of a unit; followed for ten whole turns its angle is 3600°: 0° and the turns.
    const auto row = [rod](const QString& label) {
        for (int i = 0; i < rod->childCount(); ++i)
            if (rod->child(i)->text(0) == label) return rod->child(i)->text(1);
        return QString();
    };
    CHECK(row("position") == "[20.0, 30.0]");
    CHECK(row("angle") == QString::fromUtf8("0.0°, 10 turns"));
    CHECK(row("velocity") == "[0.0, 0.0]/s");
    CHECK(row("turning") == QString::fromUtf8("360.0°/s"));
    const QString shown = row("angle");
    const int needed = values->fontMetrics().horizontalAdvance(shown);
    CHECK(values->header()->sectionSize(1) >= needed);  // never elided
    window.timeline()->setCurrentFrame(97);             // 9.7 turns: -108° and ten of them
    CHECK(row("angle") == QString::fromUtf8("-108.0°, 10 turns"));
    // The hover in the script reads the same (name_hover.h).
    CHECK(values->values().longestOf({"Rod"}).second.contains(
        QString::fromUtf8("angle -108.0°, 10 turns")));

    QTreeWidgetItem* b = findRow(values, "B");
    REQUIRE(b);
    values->setCurrentItem(b);
    QTest::keySequence(values, QKeySequence::Copy);
    CHECK(QApplication::clipboard()->text() == "Rod.B\t" + b->text(1));
    CHECK(b->text(1) == "[4.5, -17.6]");
    CHECK(values->allText().contains("Rod.A\t[20.0, 30.0]"));
    CHECK(values->allText().contains(QString::fromUtf8("Rod.angle\t-108.0°, 10 turns")));
}

TEST_CASE("the plot fills the panel's height beside a compact picker", "[window][plots]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
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

TEST_CASE("three quantities are stacked, each on its own scale, over one time axis",
          "[window][plots]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    REQUIRE(window.openFile(QString(MOVIMENTUM_SOURCE_DIR "/samples/pump.movimentum")));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    PlotPanel plots;
    plots.showAnimation(window.preview()->shown());
    plots.resize(1000, 420);
    plots.show();
    const QStringList names{"Piston.P.x", "d/dt Piston.P.x", "d²/dt² Piston.P.x"};
    for (const QString& name : names) REQUIRE(plots.addQuantity(name));
    QApplication::processEvents();
    PlotWidget* plot = plots.plot();
    const std::vector<PlotWidget::Lane> lanes = plot->lanes();
    REQUIRE(lanes.size() == 3);
    for (size_t s = 0; s < 3; ++s) {
        INFO(names[int(s)].toStdString());
        REQUIRE(plot->series()[s].name == names[int(s)]);
        double lo = 1e300, hi = -1e300;
        for (double v : plot->series()[s].values)
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
        // Its own scale: the axis covers the data and is not much wider than it.
        CHECK(lanes[s].axis.lo <= lo);
        CHECK(lanes[s].axis.hi >= hi);
        CHECK(lanes[s].axis.hi - lanes[s].axis.lo <= 3 * (hi - lo));
        CHECK(lanes[s].axis.ticks.size() >= 2);
        // Stacked: one above the other, sharing the time axis's left and right edges.
        CHECK(lanes[s].area.left() == lanes[0].area.left());
        CHECK(lanes[s].area.right() == lanes[0].area.right());
        if (s > 0) CHECK(lanes[s].area.top() >= lanes[s - 1].area.bottom());
    }
    // The position's scale is a hundred units, the acceleration's a thousand.
    CHECK(lanes[2].axis.hi - lanes[2].axis.lo >= 5 * (lanes[0].axis.hi - lanes[0].axis.lo));

    // Under the mouse: the frame there and each lane's value at it; a click moves the playhead.
    const QPoint at(int(lanes[1].area.center().x()), int(lanes[1].area.center().y()));
    QTest::mouseMove(plot, at);
    QApplication::processEvents();
    const int frame = plot->hoveredFrame();
    REQUIRE(frame == plot->frameAt(at.x()));
    REQUIRE(frame > 0);
    const double speed = plot->series()[1].values[size_t(frame)];
    // One precision for every lane: the canvas's (640 × 360: a tenth), with the lane's unit.
    CHECK(plot->valueText(1, frame) ==
          "d/dt Piston.P.x = " + QString::number(speed, 'f', 1) + " units/s");
    QSignalSpy requested(&plots, &PlotPanel::frameRequested);
    QTest::mouseClick(plot, Qt::LeftButton, {}, at);
    REQUIRE(requested.size() == 1);
    CHECK(requested[0][0].toInt() == frame);
}

// Issue 41: at the editor's first size three plots are each tall enough to read, each says its
// unit, the names and values are above the curves, and every lane writes numbers by one rule.
TEST_CASE("three plots of the engine share the Plots panel's first height, each with its unit",
          "[window][plots]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.resize(1280, 800);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    REQUIRE(window.openFile(QString(MOVIMENTUM_SOURCE_DIR "/samples/engine.movimentum")));
    REQUIRE(test::waitUntilIdle(*window.preview()));
    auto* dock = window.findChild<QDockWidget*>("plotsDock");
    REQUIRE(dock);
    dock->raise();
    PlotPanel* plots = window.plotPanel();
    const QStringList names{"Piston.P.x", "d/dt Piston.P.x", "d²/dt² Piston.P.x"};
    for (const QString& name : names) REQUIRE(plots->addQuantity(name));
    REQUIRE(QTest::qWaitFor([&] { return plots->plot()->height() >= 300; }, test::kHangGuardMs));
    PlotWidget* plot = plots->plot();
    const std::vector<PlotWidget::Lane> lanes = plot->lanes();
    REQUIRE(lanes.size() == 3);
    const QStringList units{"units", "units/s", QString::fromUtf8("units/s²")};
    for (size_t s = 0; s < 3; ++s) {
        INFO(names[int(s)].toStdString() << ": " << lanes[s].area.height() << " px");
        CHECK(lanes[s].area.height() >= 80);
        CHECK(plot->series()[s].reading.unit == units[int(s)]);
        CHECK(lanes[s].header.bottom() <= lanes[s].area.top());  // the labels outside the curve
        // One precision: the engine's 480 × 300 canvas, a tenth of a unit.
        const double v = plot->series()[s].values[10];
        CHECK(plot->valueText(s, 10) ==
              names[int(s)] + " = " + QString::number(v, 'f', 1) + ' ' + units[int(s)]);
        // The ends are just outside the data: no more than a twentieth of the range beyond it
        // on either side, rounded.
        double lo = 1e300, hi = -1e300;
        for (double x : plot->series()[s].values)
            if (std::isfinite(x)) lo = std::min(lo, x), hi = std::max(hi, x);
        CHECK(lanes[s].axis.lo <= lo);
        CHECK(lanes[s].axis.hi >= hi);
        CHECK(lanes[s].axis.hi - lanes[s].axis.lo <= 1.25 * (hi - lo));
    }
}
