// The samples fit what shows them (issue 41): every thing and element of every sample is drawn
// inside its `.config` canvas in every frame, so an export, which shows the canvas only, shows
// the whole machine. Measured on the editor's own scene, from the solved frames: what is drawn,
// not what the script says.

#include <catch2/catch.hpp>

#include <QPainterPathStroker>
#include <QTemporaryDir>

#include "tests/ui/test_support.h"
#include "tests/ui/window_under_test.h"
#include "ui/files/samples.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/element_item.h"
#include "ui/scene/thing_item.h"
#include "ui/window/script_document.h"

using namespace mv;

namespace {

// Half a unit beyond the canvas is let through (antialiasing).
constexpr double kSlack = 0.5;

// What a thing draws, in scene coordinates: a bar's polyline stroked with its width and round
// ends, an image's rectangle, each turned with the thing (its bounding box would be turned too,
// and grow at 45°).
QRectF drawn(const ThingItem& item) {
    if (item.thing().kind != Thing::Kind::Bar)
        return item.mapToScene(item.boundingRect()).boundingRect();
    QPolygonF line;
    for (const Anchor& anchor : item.thing().anchors) line << ThingItem::itemPoint(anchor.local);
    QPainterPath path;
    path.addPolygon(line);
    QPainterPathStroker stroker;
    stroker.setWidth(item.thing().lineWidth);
    stroker.setCapStyle(Qt::RoundCap);
    stroker.setJoinStyle(Qt::RoundJoin);
    return item.mapToScene(stroker.createStroke(path)).boundingRect();
}

QString outside(const QRectF& canvas, const QRectF& drawn) {
    if (canvas.adjusted(-kSlack, -kSlack, kSlack, kSlack).contains(drawn)) return {};
    return QStringLiteral("drawn over [%1, %2]–[%3, %4] (scene, y down)")
        .arg(drawn.left())
        .arg(drawn.top())
        .arg(drawn.right())
        .arg(drawn.bottom());
}

}  // namespace

TEST_CASE("every sample draws every thing and element inside its canvas in every frame",
          "[samples]") {
    test::ensureApplication();
    QTemporaryDir dir;
    test::WindowUnderTest window(test::quietPrompts(), dir.path());
    REQUIRE(sampleScripts().size() >= 10);
    for (const QString& sample : sampleScripts()) {
        INFO(sample.toStdString());
        REQUIRE(window.document()->openCopy(sample));
        REQUIRE(test::waitUntilIdle(*window.preview()));
        const PreviewAnimation& shown = window.preview()->shown();
        REQUIRE(shown.complete);
        MachineScene* scene = window.scene();
        const QRectF canvas = scene->worldRect();
        const Script& script = *shown.script;
        for (const FrameSolution& frame : shown.solved()) {
            scene->showFrame(frame);
            for (ThingId t{0}; t < script.things.size(); ++t) {
                const ThingItem* item = scene->thingItem(t);
                const QString out = outside(canvas, drawn(*item));
                INFO("frame " << frame.index << ", " << script.things[t].name << " "
                              << out.toStdString());
                REQUIRE(out.isEmpty());
            }
            // The engine's piston runs inside its cylinder, not along its edge.
            if (sample.endsWith("engine.movimentum")) {
                const QRectF block = drawn(*scene->thingItem(ThingId(script.thingIndex("Block"))));
                const QRectF piston =
                    drawn(*scene->thingItem(ThingId(script.thingIndex("Piston"))));
                INFO("frame " << frame.index << ", the piston "
                              << outside(block, piston).toStdString());
                REQUIRE(block.contains(piston));
            }
            for (ElementId e{0}; e < script.elements.size(); ++e) {
                const ElementItem* item = scene->elementItem(e);
                if (!item) continue;  // visual = none
                const QString out = outside(canvas, item->sceneBoundingRect());
                INFO("frame " << frame.index << ", " << script.elements[e].name << " "
                              << out.toStdString());
                REQUIRE(out.isEmpty());
            }
        }
    }
}
