// The scene puts each thing where its pose says, with y flipped: checked through item transforms
// against hand-computed positions.

#include <catch2/catch.hpp>

#include <QTemporaryDir>

#include <cmath>

#include "tests/ui/test_support.h"
#include "ui/canvas/canvas_view.h"
#include "ui/scene/anchor_item.h"
#include "ui/scene/image_library.h"
#include "ui/scene/machine_scene.h"
#include "ui/scene/thing_item.h"

using namespace mv;

TEST_CASE("image anchors land at the pose's world position, y flipped", "[scene]") {
    test::ensureApplication();
    QTemporaryDir dir;
    auto script = test::boxAndRodScript(dir.path());
    ImageLibrary images;
    MachineScene scene(images, MachineScene::Mode::Editor);
    scene.setScript(script);
    REQUIRE(scene.thingItem(ThingId{0}));
    FrameSolution frame;
    frame.poses = {Pose{50, 40, M_PI / 2}, Pose{0, 0, 0}};
    scene.showFrame(frame);
    // Box.Q is pixel (20, 10) = body (20, -10); turned 90° ccw: (10, 20); at (50, 40): (60, 60)
    // in the world, which is scene (60, 100 - 60).
    const QPointF q = scene.thingItem(ThingId{0})->mapToScene(ThingItem::itemPoint({20, -10}));
    CHECK(q.x() == Approx(60));
    CHECK(q.y() == Approx(40));
    const auto children = scene.thingItem(ThingId{0})->childItems();
    REQUIRE(children.size() == 2);
    auto* anchor = dynamic_cast<AnchorItem*>(children[1]);
    REQUIRE(anchor);
    CHECK(anchor->worldPosition().x == Approx(60));
    CHECK(anchor->worldPosition().y == Approx(60));
    CHECK(anchor->describe() == "Box.Q = [60.00, 60.00]");
}

TEST_CASE("bars are drawn through their anchors and things paint in definition order", "[scene]") {
    test::ensureApplication();
    QTemporaryDir dir;
    auto script = test::boxAndRodScript(dir.path());
    ImageLibrary images;
    MachineScene scene(images, MachineScene::Mode::Export);
    scene.setScript(script);
    FrameSolution frame;
    frame.poses = {Pose{0, 100, 0}, Pose{20, 20, M_PI}};
    scene.showFrame(frame);
    const QPointF b = scene.thingItem(ThingId{1})->mapToScene(ThingItem::itemPoint({50, 0}));
    CHECK(b.x() == Approx(-30));
    CHECK(b.y() == Approx(80).margin(1e-9));
    CHECK(scene.thingItem(ThingId{0})->zValue() < scene.thingItem(ThingId{1})->zValue());
    CHECK(scene.thingItem(ThingId{0})->childItems().isEmpty());  // no anchor markers in exports
}

TEST_CASE("a missing image is drawn as a placeholder around its anchors", "[scene]") {
    test::ensureApplication();
    QTemporaryDir dir;
    auto changed = std::make_shared<Script>(*test::boxAndRodScript(dir.path()));
    changed->things[0].imageMissing = true;
    ImageLibrary images;
    MachineScene scene(images, MachineScene::Mode::Export);
    scene.setScript(changed);
    const QRectF bounds = scene.thingItem(ThingId{0})->boundingRect();
    CHECK(bounds.width() >= 40);
    CHECK(bounds.contains(QPointF(0, 0)));
    CHECK(bounds.contains(QPointF(20, 10)));
}

TEST_CASE("selection and traces", "[scene]") {
    test::ensureApplication();
    QTemporaryDir dir;
    auto script = test::boxAndRodScript(dir.path());
    ImageLibrary images;
    MachineScene scene(images, MachineScene::Mode::Editor);
    scene.setScript(script);
    CHECK(scene.selectedThing() == -1);
    scene.selectThing(1);
    CHECK(scene.selectedThing() == 1);
    scene.selectThing(-1);
    CHECK(scene.selectedThing() == -1);
    const int before = static_cast<int>(scene.items().size());
    scene.setTrace({ThingId{1}, 1}, {{0, 0}, {10, 10}, {20, 0}});
    CHECK(static_cast<int>(scene.items().size()) == before + 1);
    scene.setTrace({ThingId{1}, 1}, {{0, 0}, {5, 5}});  // replaced, not added
    CHECK(static_cast<int>(scene.items().size()) == before + 1);
    scene.clearTraces();
    CHECK(static_cast<int>(scene.items().size()) == before);
}

TEST_CASE("the editor veils what lies outside the canvas, as the export leaves it out",
          "[scene][canvas]") {
    test::ensureApplication();
    QTemporaryDir dir;
    auto script = test::boxAndRodScript(dir.path());
    ImageLibrary images;
    MachineScene scene(images, MachineScene::Mode::Editor);
    scene.setScript(script);
    CanvasView view(&scene);
    view.resize(400, 400);
    view.zoomToFit();
    // The red box half inside the 200×100 canvas, half above it: its top-left corner at world
    // (50, 105), so its 10 pixel rows run from y = 105 down to y = 95.
    FrameSolution frame;
    frame.poses = {Pose{50, 105, 0}, Pose{0, 0, 0}};
    scene.showFrame(frame);
    const QImage shot = view.grab().toImage();
    const auto colourAt = [&](Vec2 world) {
        return shot.pixelColor(view.mapFromScene(scene.toScene(world)));
    };
    const QColor inside = colourAt({60, 97});
    CHECK(inside.red() > 240);
    CHECK(inside.green() < 15);
    const QColor outside = colourAt({60, 103});
    // Red under the veil, blended by its alpha (to within the rounding of 8-bit blending).
    const QColor veil = CanvasView::kVeil;
    const auto veiled = [&](int under, int over) {
        return (over * veil.alpha() + under * (255 - veil.alpha())) / 255.0;
    };
    CHECK(outside.red() == Approx(veiled(255, veil.red())).margin(1));
    CHECK(outside.green() == Approx(veiled(0, veil.green())).margin(1));
    CHECK(outside.blue() == Approx(veiled(0, veil.blue())).margin(1));
}
