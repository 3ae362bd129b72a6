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
    CHECK(preview.lastResponseMs() == LivePreview::kDebounceMs);
    preview.setText(test::kTurningRod, ".", "rod.movimentum");
    CHECK(preview.isDebouncing());  // the full debounce: no run has responded yet
    REQUIRE(test::waitUntilIdle(preview));
    REQUIRE(preview.shown().complete);
    INFO("the turning rod showed its first frame after " << preview.lastResponseMs() << " ms");
    REQUIRE(preview.lastResponseMs() < LivePreview::kFrameMs);

    preview.setText(QString(test::kTurningRod).replace("[20,30]", "[25,30]"), ".",
                    "rod.movimentum");
    CHECK_FALSE(preview.isDebouncing());  // its run started at once
    CHECK(preview.isBusy());
    REQUIRE(test::waitUntilIdle(preview));
    CHECK(preview.shown().script->source->text().find("[25,30]") != std::string::npos);
}
