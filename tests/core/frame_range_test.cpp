// The one frame-range rule: a span holds both its ends, and reads "frames A–B (N)".

#include <catch2/catch.hpp>

#include "core/model/frame_range.h"

using namespace mv;

TEST_CASE("a frame span includes both ends", "[frames]") {
    const FrameRange pump = FrameRange::all(326);
    CHECK(pump.first == 0);
    CHECK(pump.last == 325);
    CHECK(pump.count() == 326);
    CHECK(pump.contains(325));
    CHECK_FALSE(pump.contains(326));
    CHECK(describe(pump) == "frames 0\u2013325 (326)");
    CHECK(describe({7, 7}) == "frame 7 (1)");
    CHECK(describe(FrameRange::all(0)) == "no frames");
    CHECK(FrameRange::all(0).count() == 0);
}

TEST_CASE("a frame span clamped to a shorter animation keeps what is left", "[frames]") {
    CHECK(FrameRange{40, 120}.clampedTo(100) == FrameRange{40, 99});
    CHECK(FrameRange{40, 120}.clampedTo(30).empty());
    CHECK(FrameRange{-5, 3}.clampedTo(10) == FrameRange{0, 3});
}
