// Byte offsets of the core and QString positions of the widgets agree, with ° and beyond-BMP text.

#include <catch2/catch.hpp>

#include "ui/editor/widget_positions.h"

using namespace mv;

TEST_CASE("UTF-8 offsets map to UTF-16 positions and back", "[text]") {
    const std::string text =
        "a°b\xF0\x9F\x98\x80"
        "c";  // a ° b 😀 c
    const WidgetPositions positions(text);
    CHECK(positions.toPosition(0) == 0);
    CHECK(positions.toPosition(1) == 1);  // °
    CHECK(positions.toPosition(3) == 2);  // b
    CHECK(positions.toPosition(4) == 3);  // 😀: two UTF-16 units
    CHECK(positions.toPosition(8) == 5);  // c
    CHECK(positions.toPosition(9) == 6);  // end
    CHECK(positions.toPosition(100) == 6);
    CHECK(positions.toByte(2) == 3);
    CHECK(positions.toByte(5) == 8);
    CHECK(QString::fromStdString(text).size() == 6);
}
