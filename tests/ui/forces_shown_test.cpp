// The editor shows what the constraints carry (docs/mechanics.md, "Forces"), on the slider-crank
// sample with its masses: the Values panel's Forces group, plotted loads over the frames, and the
// hover over a constraint in the text (the tooltip's text: help_while_typing_test.cpp shows the
// mouse brings it up), all against the solved frames' own numbers; a script
// without masses shows none of it. At frame 0 the crank lies along +x with the rod in line: the
// motor holds half the rod's weight at the crank pin, τ = 0.3 kg · 9.81 m/s² · 0.05 m / 2.

#include <catch2/catch.hpp>

#include <QComboBox>
#include <QTemporaryDir>

#include <cmath>

#include "solver/api/force_entries.h"
#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/editor/script_editor.h"
#include "ui/panels/frame_loads.h"
#include "ui/panels/plot_panel.h"
#include "ui/panels/plot_widget.h"
#include "ui/panels/plotted_quantity.h"
#include "ui/panels/values_panel.h"
#include "ui/preview/live_preview.h"
#include "ui/timeline/timeline_panel.h"

using namespace mv;

namespace {

constexpr double kMotorTorqueAtStart = 0.3 * 9.81 * 0.05 / 2;

struct SliderCrank {
    SliderCrank() : window(UserPrompts{}, dir.path()) {
        window.resize(1200, 800);
        window.show();
        REQUIRE(window.openFile(MOVIMENTUM_SOURCE_DIR "/samples/slider_crank_forces.movimentum"));
        REQUIRE(test::waitUntilIdle(*window.preview()));
        REQUIRE(window.preview()->shown().complete);
        window.timeline()->setCurrentFrame(0);
        entries = forceEntries(script());
    }
    const Script& script() const { return *window.preview()->shown().script; }
    const FrameSolution& frame(int index) const { return *window.preview()->shown().frame(index); }
    const ForceEntry& entry(const std::string& name) const {
        for (const ForceEntry& e : entries)
            if (e.name == name) return e;
        FAIL("no force entry " << name);
        throw;
    }
    // What the motor puts on the crank at a frame, as the solver says.
    const ThingLoad& motorOnCrank(int index) const {
        REQUIRE(frame(index).forces);
        const ThingLoad* on = loadOn(activeLoad(entry("motor"), *frame(index).forces),
                                     ThingId(uint32_t(script().thingIndex("Crank"))));
        REQUIRE(on);
        return *on;
    }

    QTemporaryDir dir;
    test::WindowUnderTest window;
    std::vector<ForceEntry> entries;
};

QTreeWidgetItem* childNamed(QTreeWidgetItem* item, const QString& name) {
    for (int c = 0; c < item->childCount(); ++c)
        if (item->child(c)->text(0) == name) return item->child(c);
    return nullptr;
}

QTreeWidgetItem* groupNamed(QTreeWidget* tree, const QString& name) {
    for (int g = 0; g < tree->topLevelItemCount(); ++g)
        if (tree->topLevelItem(g)->text(0) == name) return tree->topLevelItem(g);
    return nullptr;
}

}  // namespace

TEST_CASE("the Values panel lists what each active constraint carries and the energy",
          "[window][values][forces]") {
    test::ensureApplication();
    SliderCrank w;
    const ThingLoad& motor = w.motorOnCrank(0);
    CHECK(motor.torque == Approx(kMotorTorqueAtStart).epsilon(1e-9));

    QTreeWidgetItem* forces = groupNamed(w.window.valuesPanel(), "Forces");
    REQUIRE(forces);
    CHECK_FALSE(forces->isHidden());
    QTreeWidgetItem* motorRow = childNamed(forces, "motor");
    REQUIRE(motorRow);
    const ConstraintLoad* load = activeLoad(w.entry("motor"), *w.frame(0).forces);
    REQUIRE(load);
    CHECK(motorRow->text(1) == "power " + loadText(load->power) + " W");
    QTreeWidgetItem* crank = childNamed(motorRow, "Crank");
    REQUIRE(crank);
    CHECK(crank->text(1) == QString::fromUtf8("at A: force [0, 0] N, torque 0.0736 N·m"));
    CHECK(crank->text(1).contains(loadText(motor.torque)));
    CHECK(w.window.valuesPanel()->rowText(crank) == "motor.Crank\t" + crank->text(1));

    // The energy, and each pin listed with both things it joins.
    QTreeWidgetItem* energy = childNamed(forces, "energy");
    REQUIRE(energy);
    CHECK(childNamed(energy, "kinetic")->text(1) == loadText(w.frame(0).forces->kinetic) + " J");
    CHECK(childNamed(energy, "potential")->text(1) ==
          loadText(w.frame(0).forces->potential) + " J");
    QTreeWidgetItem* crankPin = childNamed(forces, "Rod.A");
    REQUIRE(crankPin);
    CHECK(childNamed(crankPin, "Rod"));
    CHECK(childNamed(crankPin, "Crank"));

    // Another frame: the texts follow it.
    w.window.timeline()->setCurrentFrame(7);
    CHECK(crank->text(1).contains("torque " + loadText(w.motorOnCrank(7).torque) + " N·m"));
}

TEST_CASE("a frame without forces shows them undefined", "[values][forces]") {
    test::ensureApplication();
    SliderCrank w;
    FrameSolution failed = w.frame(0);
    failed.failed = true;
    failed.forces = nullptr;
    const auto entries = std::make_shared<const FrameLoads::Entries>(w.entries);
    const FrameLoads loads(w.window.preview()->shown().script, entries, failed);
    for (size_t e = 0; e < entries->size(); ++e) {
        CHECK(loads.listed(e));
        CHECK(loads.on(e, 0) == "undefined");
        CHECK(loads.power(e) == ((*entries)[e].drive ? "undefined" : ""));
    }
    CHECK(loads.kinetic() == "undefined");
}

TEST_CASE("a plotted torque has one value per frame, the frame's", "[window][plots][forces]") {
    test::ensureApplication();
    SliderCrank w;
    PlotPanel* plots = w.window.plotPanel();
    const AnimationFrames& frames = w.window.preview()->shown().solved();
    REQUIRE(plots->addQuantity("motor.Crank.torque"));
    const PlotWidget::Series& torque = plots->plot()->series().back();
    REQUIRE(torque.values.size() == frames.size());
    for (size_t i = 0; i < frames.size(); ++i)
        CHECK(torque.values[i] == w.motorOnCrank(int(i)).torque);
    CHECK(torque.values[0] == Approx(kMotorTorqueAtStart).epsilon(1e-9));

    // A drive's power, force components and the energy; no rates of them, no power of a pin.
    for (const char* name : {"motor.power", "Rod.A.Crank.force.x", "Rod.A.Rod.force.y",
                             "energy.kinetic", "energy.potential"})
        CHECK(plots->addQuantity(name));
    CHECK_FALSE(plots->addQuantity("d/dt motor.Crank.torque"));
    CHECK_FALSE(plots->addQuantity("Rod.A.power"));
    CHECK(plots->picker()->findText("motor.Crank.torque") >= 0);
    CHECK(plots->csv().contains("\"motor.power\""));
}

TEST_CASE("a load is a gap where the frame has no forces", "[plot][forces]") {
    test::ensureApplication();
    SliderCrank w;
    std::vector<FrameSolution> copies(w.window.preview()->shown().solved().begin(),
                                      w.window.preview()->shown().solved().end());
    copies[3].forces = nullptr;
    const AnimationFrames frames(std::move(copies));
    const PlottedScript plotted(w.window.preview()->shown().script);
    const std::vector<PlottedQuantity> all = quantitiesOf(plotted);
    for (const PlottedQuantity& q : all) {
        if (hasRates(q)) continue;
        INFO(quantityName(plotted, q).toStdString());
        const std::vector<double> series = quantitySeries(plotted, frames, q);
        CHECK(std::isnan(series[3]));
        CHECK(std::isfinite(series[2]));
    }
}

TEST_CASE("hovering a constraint shows what it carries, as the Values panel does",
          "[window][hover][forces]") {
    test::ensureApplication();
    SliderCrank w;
    ScriptEditor* editor = w.window.editor();
    const QString text = editor->toPlainText();
    QTreeWidgetItem* motorRow = childNamed(groupNamed(w.window.valuesPanel(), "Forces"), "motor");
    REQUIRE(motorRow);
    const QString expected =
        "motor: on Crank " + childNamed(motorRow, "Crank")->text(1) + "; " + motorRow->text(1);
    // On the label, and on the statement past it (where a name adds its own value first).
    const int label = text.indexOf("motor:") + 2;
    CHECK(editor->toolTipAt(label) == expected);
    CHECK(expected.contains("torque " + loadText(w.motorOnCrank(0).torque) + " N·m"));
    CHECK(expected.contains("power "));
    const QString onName = editor->toolTipAt(text.indexOf("rotate(1800"));
    CHECK(onName == expected);
    const QStringList lines = editor->toolTipAt(text.indexOf("Crank.A = Crank.O") + 6).split('\n');
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].startsWith("Crank.A = "));
    CHECK(lines[1] == expected);
    // An inequality carries nothing.
    CHECK(editor->toolTipAt(text.indexOf("x > Crank.O.x") + 2).isEmpty());  // at `>`
}

TEST_CASE("the Forces group lists the constraints active at the frame",
          "[window][values][forces]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.show();
    // The motor turns the bar for a second; then `hold` keeps it upright and the motor is gone.
    window.editor()->setPlainText(
        ".config(10, 800, 400);\n"
        "Bar : .bar P = [0,0] Q = [400,0];\n"
        "BarMass : .mass target = Bar m = 2;\n"
        "@0 pin: Bar.P = [300, 200];\n"
        "   motor: Bar.Q = Bar.P + [400, 0].rotate(90° * t);\n"
        "@1 motor: Bar.Q = _; hold: Bar.Q = Bar.P + [0, 400];\n"
        "@2\n");
    REQUIRE(test::waitUntilIdle(*window.preview()));
    QTreeWidgetItem* forces = groupNamed(window.valuesPanel(), "Forces");
    REQUIRE(forces);
    QTreeWidgetItem* motor = childNamed(forces, "motor");
    QTreeWidgetItem* hold = childNamed(forces, "hold");
    REQUIRE(motor);
    REQUIRE(hold);
    ScriptEditor* editor = window.editor();
    const int holdAt = editor->toPlainText().indexOf("hold:") + 1;

    window.timeline()->setCurrentFrame(0);
    CHECK_FALSE(motor->isHidden());
    CHECK(motor->text(1).startsWith("power "));
    CHECK(hold->isHidden());
    CHECK(editor->toolTipAt(holdAt) == "hold: not active at this frame");

    window.timeline()->setCurrentFrame(15);
    CHECK(motor->isHidden());
    CHECK_FALSE(hold->isHidden());
    // Not a drive: no power, only what it puts on the bar.
    CHECK(hold->text(1).isEmpty());
    CHECK(editor->toolTipAt(holdAt) == "hold: on Bar " + childNamed(hold, "Bar")->text(1));
    CHECK(childNamed(hold, "Bar")->text(1).startsWith("at Q: force ["));
}

TEST_CASE("a script without masses shows no forces", "[window][values][plots][forces]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(UserPrompts{}, dir.path());
    window.show();
    window.editor()->setPlainText(test::kTurningRod);
    REQUIRE(test::waitUntilIdle(*window.preview()));
    REQUIRE(groupNamed(window.valuesPanel(), "Things"));
    CHECK_FALSE(groupNamed(window.valuesPanel(), "Forces"));
    CHECK(window.plotPanel()->picker()->findText("energy.kinetic") < 0);
    CHECK(window.plotPanel()->picker()->findText("Rod.B.x") >= 0);
    CHECK(window.editor()->toolTipAt(window.editor()->toPlainText().indexOf("Rod.B =") + 4) ==
          "Rod.B = " + window.valuesPanel()->values().longestOf({"Rod", "B"}).second);
}
