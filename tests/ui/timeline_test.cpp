// The timeline's widgets on the offscreen platform: zooming with Ctrl+wheel keeps the playhead's
// frame in view and the frame under the cursor under it, marker labels never overlap (10,000
// frames with a marker a second), and playback follows the clock at the chosen speed within the
// in/out range.

#include <catch2/catch.hpp>

#include <QApplication>
#include <QTest>
#include <QWheelEvent>

#include <cmath>

#include "tests/ui/test_support.h"
#include "ui/timeline/playback_clock.h"
#include "ui/timeline/timeline_bar.h"
#include "ui/timeline/timeline_panel.h"

using namespace mv;

namespace {

// A Ctrl+wheel (or plain wheel) turn of `notches` at x over the bar, as the mouse sends it.
void wheel(TimelineBar& bar, double x, int notches, Qt::KeyboardModifiers modifiers) {
    const QPointF at(x, bar.height() / 2.0);
    QWheelEvent event(at, bar.mapToGlobal(at), QPoint(), QPoint(0, 120 * notches), Qt::NoButton,
                      modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(&bar, &event);
}

bool playheadVisible(const TimelineBar& bar) {
    const double x = bar.xOfFrame(bar.currentFrame() + 0.5);
    return x >= 0 && x <= bar.width();
}

}  // namespace

TEST_CASE("zooming the timeline keeps the playhead's frame in view", "[timeline]") {
    test::ensureApplication();
    TimelineBar bar;
    bar.resize(800, 60);
    bar.setFrameCount(326);
    bar.setCurrentFrame(200);
    // Zoom in with the cursor right of, at and left of the playhead, far and near.
    for (double x : {790.0, 700.0, 500.0, 20.0}) {
        bar.fit();
        INFO("cursor at " << x);
        for (int turn = 0; turn < 20; ++turn) {
            wheel(bar, x, 1, Qt::ControlModifier);
            CHECK(bar.visibleFrames().shows(200));
            CHECK(playheadVisible(bar));
        }
        CHECK(bar.visibleFrames().span() == Approx(VisibleFrames::kMinimumSpan));
    }
    // Near the playhead, the frame under the cursor stays under it (Ctrl+wheel zooms about it).
    bar.fit();
    const double x = bar.xOfFrame(190.5);
    const int under = bar.frameAt(x);
    wheel(bar, x, 3, Qt::ControlModifier);
    CHECK(bar.frameAt(x) == under);
    CHECK(bar.visibleFrames().zoom() == Approx(std::pow(1.25, 3)));
    // Zooming out again and the fit button show every frame.
    wheel(bar, x, -20, Qt::ControlModifier);
    CHECK(bar.visibleFrames().isFitted());
}

TEST_CASE("the playhead moved out of a zoomed view scrolls it along", "[timeline]") {
    test::ensureApplication();
    TimelineBar bar;
    bar.resize(600, 60);
    bar.setFrameCount(10000);
    bar.setCurrentFrame(5000);
    bar.zoomAroundPlayhead(100);  // 100 frames in view
    CHECK(bar.visibleFrames().span() == Approx(100));
    CHECK(bar.visibleFrames().shows(5000));
    for (int frame : {5200, 9999, 0, 4321}) {
        bar.setCurrentFrame(frame);
        CHECK(bar.visibleFrames().shows(frame));
        CHECK(bar.visibleFrames().span() == Approx(100));
    }
    // A plain wheel pans without zooming; the playhead may leave the view then.
    const double first = bar.visibleFrames().first();
    wheel(bar, 300, -2, Qt::NoModifier);
    CHECK(bar.visibleFrames().first() == Approx(first + 2 * 0.1 * 100));
    CHECK(bar.visibleFrames().span() == Approx(100));
}

TEST_CASE("marker labels never overlap, even at 10,000 frames", "[timeline]") {
    test::ensureApplication();
    TimelineBar bar;
    bar.resize(900, 60);
    bar.setFrameCount(10000);
    std::vector<TimelineBar::Marker> markers;
    for (int second = 0; second < 400; ++second)
        markers.push_back({second * 25, QStringLiteral("@%1").arg(second)});
    bar.setMarkers(markers);
    auto checkLabels = [&](const char* what) {
        INFO(what);
        const std::vector<MarkerLabelSlot> labels = bar.placedLabels();
        REQUIRE_FALSE(labels.empty());
        for (size_t i = 0; i < labels.size(); ++i) {
            CHECK(labels[i].left >= 0);
            CHECK(labels[i].right <= bar.width());
            if (i > 0) CHECK(labels[i].left > labels[i - 1].right);
        }
        return labels.size();
    };
    const size_t fitted = checkLabels("fitted");
    CHECK(fitted < markers.size());  // thinned: 400 labels cannot fit in 900 pixels
    bar.setCurrentFrame(5000);
    bar.zoomAroundPlayhead(40);  // 250 frames, 10 markers, in view
    const size_t zoomed = checkLabels("zoomed");
    size_t inView = 0;
    for (const auto& marker : markers) {
        const double x = bar.xOfFrame(marker.frame);
        inView += x >= 0 && x <= bar.width();
    }
    CHECK(inView >= 10);
    CHECK(zoomed == inView);  // all of them fit now
    // Hovering a tick whose label was left out names it.
    bar.fit();
    const double tick = bar.xOfFrame(25);
    CHECK(bar.toolTipAt(tick).contains("@1"));
    CHECK(!bar.grab().isNull());  // and it paints
}

TEST_CASE("the playback speed sets the interval between frames", "[timeline][playback]") {
    test::ensureApplication();
    TimelinePanel panel;
    CHECK(panel.speed() == 1);
    CHECK(panel.frameIntervalMs() == Approx(40));  // 25 fps
    panel.setSpeed(4);
    CHECK(panel.frameIntervalMs() == Approx(10));
    panel.setSpeed(0.25);
    CHECK(panel.frameIntervalMs() == Approx(160));
    panel.setSpeed(3);  // not offered: unchanged
    CHECK(panel.speed() == 0.25);

    // The clock itself: frame = start + elapsed · fps · speed, within the range.
    PlaybackClock clock{25, 2};
    const FrameRange all = FrameRange::all(326);
    CHECK(clock.at(0, 1000, all, true).frame == 50);
    CHECK(clock.at(300, 1000, all, true).frame == 24);  // 350 wraps to 350 - 326
    CHECK(clock.at(300, 1000, all, false).frame == 325);
    CHECK(clock.at(300, 1000, all, false).finished);
    const FrameRange inOut{40, 120};  // 81 frames
    clock.speed = 1;
    CHECK(clock.at(100, 30 * 40, inOut, true).frame == 40 + (60 + 30) % 81);
    CHECK(clock.at(100, 30 * 40, inOut, false).frame == 120);
    CHECK(clock.at(10, 0, inOut, true).frame == 40);  // started outside: from its first frame
}
