// Plot values: anchor coordinates from poses, rates by finite differences, CSV layout.

#include <catch2/catch.hpp>

#include <QTemporaryDir>

#include "tests/ui/test_support.h"
#include "ui/plotted_quantity.h"

using namespace mv;

TEST_CASE("anchor coordinates and their rates over the frames", "[plot]") {
    QTemporaryDir dir;
    test::ensureApplication();
    auto script = test::boxAndRodScript(dir.path());
    const Animation animation = test::boxAndRodAnimation(script, 5);
    const PlottedQuantity boxX{PlottedQuantity::Source::Anchor, 0, 0, 0, false};
    CHECK(quantityName(*script, boxX) == "Box.P.x");
    const std::vector<double> x = quantitySeries(*script, animation.frames, boxX);
    REQUIRE(x.size() == 5);
    CHECK(x[3] == Approx(25));  // 10 + 5k
    PlottedQuantity rate = boxX;
    rate.rate = true;
    CHECK(quantityName(*script, rate) == "d/dt Box.P.x");
    // 5 units per frame at 10 fps: 50 units/s everywhere, ends included.
    for (double v : quantitySeries(*script, animation.frames, rate)) CHECK(v == Approx(50));
    const std::vector<PlottedQuantity> all = quantitiesOf(*script);
    CHECK(all.size() == 8);  // 4 anchors × (x, y)
    const QString csv = quantitiesCsv(*script, animation.frames, {boxX, rate});
    const QStringList lines = csv.trimmed().split('\n');
    REQUIRE(lines.size() == 6);
    CHECK(lines[0] == "frame,T,\"Box.P.x\",\"d/dt Box.P.x\"");
    CHECK(lines[2] == "1,0.1,15,50");
}
