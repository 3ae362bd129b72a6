// solve --json's strings: always UTF-8, whatever bytes an image or file name held.
#include <catch2/catch.hpp>

#include <string>

#include "core/text/utf8.h"
#include "solver/output/json_writer.h"

using namespace mv;

namespace {

std::string jsonString(std::string_view text) {
    std::string written;
    {
        OutputBuffer out(written);
        JsonWriter(out).value(text);
    }
    return written;
}

}  // namespace

TEST_CASE("JSON strings replace bytes that are not UTF-8 with U+FFFD", "[output][json]") {
    const std::string written = jsonString("image file 'a\xff\xfe.png'");
    CHECK(written == "\"image file 'a\xef\xbf\xbd\xef\xbf\xbd.png'\"");
    CHECK(validUtf8(written) == written);
}

TEST_CASE("JSON strings escape controls and the Unicode line separators", "[output][json]") {
    CHECK(jsonString("a\"b\\\n\x01") == "\"a\\\"b\\\\\\n\\u0001\"");
    CHECK(jsonString("x\u2028y\u2029z°") == "\"x\\u2028y\\u2029z°\"");
}
