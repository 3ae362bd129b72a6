// The live preview's debounce adapts to how fast the script solves (ui/preview/live_preview.h): a
// run that showed its first frame within a display frame lets the next keystroke start at once, a
// slower one makes keystrokes wait as long as it took (up to 150 ms), and before any run has
// responded they wait the full 150 ms.

#include <catch2/catch.hpp>

#include "tests/ui/test_support.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/image_library.h"

using namespace mv;

TEST_CASE("the debounce is the last response time, none under a frame, at most 150 ms",
          "[preview]") {
    CHECK(LivePreview::debounceAfter(0.5) == 0);
    CHECK(LivePreview::debounceAfter(15.9) == 0);
    CHECK(LivePreview::debounceAfter(16) == 16);
    CHECK(LivePreview::debounceAfter(40.2) == 41);
    CHECK(LivePreview::debounceAfter(400) == LivePreview::kDebounceMs);
}

TEST_CASE("a keystroke in a script that solves fast starts its run at once", "[preview]") {
    test::ensureApplication();
    ImageLibrary images;
    LivePreview preview(images);
    // The preview's clock moves only when the test says how long a run took to respond.
    double nowMs = 0;
    preview.setClock([&] { return nowMs; });
    CHECK(preview.lastResponseMs() == LivePreview::kDebounceMs);
    preview.setText(test::kTurningRod, ".", "rod.movimentum");
    CHECK(preview.isDebouncing());  // the full debounce: no run has responded yet
    preview.runNow();
    nowMs += 5;  // its first frame comes 5 ms after it started
    REQUIRE(test::waitUntilIdle(preview));
    REQUIRE(preview.shown().complete);
    CHECK(preview.lastResponseMs() == 5);

    preview.setText(QString(test::kTurningRod).replace("[20,30]", "[25,30]"), ".",
                    "rod.movimentum");
    CHECK_FALSE(preview.isDebouncing());  // its run started at once
    CHECK(preview.isBusy());
    nowMs += 40;  // and responded after 40 ms
    REQUIRE(test::waitUntilIdle(preview));
    CHECK(preview.shown().script->source->text().find("[25,30]") != std::string::npos);
    CHECK(preview.lastResponseMs() == 40);

    // After a slow response the next keystroke waits.
    preview.setText(QString(test::kTurningRod).replace("[20,30]", "[30,30]"), ".",
                    "rod.movimentum");
    CHECK(preview.isDebouncing());
    REQUIRE(test::waitUntilIdle(preview));
    CHECK(preview.shown().script->source->text().find("[30,30]") != std::string::npos);
}
