// Plot values: anchor coordinates from poses, velocities and accelerations from the frames' exact
// pose derivatives (a rigid body's), CSV layout.

#include <catch2/catch.hpp>

#include <QTemporaryDir>

#include "tests/ui/test_support.h"
#include "ui/panels/plotted_quantity.h"

using namespace mv;

TEST_CASE("anchor coordinates and their rates over the frames", "[plot]") {
    QTemporaryDir dir;
    test::ensureApplication();
    auto script = test::boxAndRodScript(dir.path());
    const Animation animation = test::boxAndRodAnimation(script, 5);
    const PlottedScript plotted(script);
    const PlottedQuantity boxX{PlottedQuantity::Source::Anchor, 0, 0, 0, 0};
    CHECK(quantityName(plotted, boxX) == "Box.P.x");
    const std::vector<double> x = quantitySeries(plotted, animation.frames, boxX);
    REQUIRE(x.size() == 5);
    CHECK(x[3] == Approx(25));  // 10 + 5k
    PlottedQuantity rate = boxX;
    rate.derivative = 1;
    CHECK(quantityName(plotted, rate) == "d/dt Box.P.x");
    // 5 units per frame at 10 fps: 50 units/s everywhere, ends included.
    for (double v : quantitySeries(plotted, animation.frames, rate)) CHECK(v == Approx(50));
    // The rod turns at 100°/s about its origin: Rod.B, 50 units out, is pulled towards it at
    // ω² r and moves at ω r across the rod.
    const double omega = 100 * M_PI / 180;
    const Thing& rod = script->things[1];
    const PlottedQuantity tipY{PlottedQuantity::Source::Anchor, 1, uint32_t(rod.anchorIndex("B")),
                               1, 1};
    PlottedQuantity tipAcceleration = tipY;
    tipAcceleration.derivative = 2;
    tipAcceleration.component = 0;
    CHECK(quantityName(plotted, tipAcceleration) == QString::fromUtf8("d²/dt² Rod.B.x"));
    const FrameSolution& first = animation.frames[0];
    const Vec2 arm = first.poses[1].apply(rod.anchors[size_t(rod.anchorIndex("B"))].local) -
                     Vec2{first.poses[1].x, first.poses[1].y};
    CHECK(quantitySeries(plotted, animation.frames, tipY)[0] == Approx(omega * arm.x));
    CHECK(quantitySeries(plotted, animation.frames, tipAcceleration)[0] ==
          Approx(-omega * omega * arm.x));
    const std::vector<PlottedQuantity> all = quantitiesOf(plotted);
    CHECK(all.size() == 8);  // 4 anchors × (x, y)
    const QString csv = quantitiesCsv(plotted, animation.frames, {boxX, rate});
    const QStringList lines = csv.trimmed().split('\n');
    REQUIRE(lines.size() == 6);
    CHECK(lines[0] == "frame,T,\"Box.P.x\",\"d/dt Box.P.x\"");
    CHECK(lines[2] == "1,0.1,15,50");
}
