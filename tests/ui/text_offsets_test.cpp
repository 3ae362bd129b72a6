// Byte offsets of the core and QString positions of the widgets agree, with ° and beyond-BMP text.

#include <catch2/catch.hpp>

#include "ui/editor/text_offsets.h"

using namespace mv;

TEST_CASE("UTF-8 offsets map to UTF-16 positions and back", "[text]") {
    const std::string text =
        "a°b\xF0\x9F\x98\x80"
        "c";  // a ° b 😀 c
    const TextOffsets offsets(text);
    CHECK(offsets.toPosition(0) == 0);
    CHECK(offsets.toPosition(1) == 1);  // °
    CHECK(offsets.toPosition(3) == 2);  // b
    CHECK(offsets.toPosition(4) == 3);  // 😀: two UTF-16 units
    CHECK(offsets.toPosition(8) == 5);  // c
    CHECK(offsets.toPosition(9) == 6);  // end
    CHECK(offsets.toPosition(100) == 6);
    CHECK(offsets.toByte(2) == 3);
    CHECK(offsets.toByte(5) == 8);
    CHECK(QString::fromStdString(text).size() == 6);
}
