// Text from a script on its way to a terminal or a reader: strict UTF-8 and the escapes of
// printable() (core/text/utf8.h, core/text/printable.h).
#include <catch2/catch.hpp>

#include <string>

#include "core/diagnostics/diagnostic.h"
#include "core/text/printable.h"
#include "core/text/source_text.h"
#include "core/text/utf8.h"

using namespace mv;

TEST_CASE("decodeUtf8 accepts RFC 3629's forms and nothing else", "[utf8]") {
    CHECK(decodeUtf8("\xe2\x80\xae", 0).codePoint == 0x202E);
    CHECK(decodeUtf8("\xf0\x9f\x98\x80", 0).length == 4);
    for (const char* invalid : {"\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                                "\x80", "\xe2\x80", "\xff"}) {
        INFO(invalid);
        const Utf8Step step = decodeUtf8(invalid, 0);
        CHECK_FALSE(step.valid);
        CHECK(step.length == 1);
    }
}

TEST_CASE("validUtf8 replaces each invalid byte with U+FFFD and keeps the rest", "[utf8]") {
    CHECK(validUtf8("a\xff°") == "a\xef\xbf\xbd°");
    CHECK(validUtf8("\xe2\x80x") == "\xef\xbf\xbd\xef\xbf\xbdx");
    CHECK(validUtf8("ok 😀") == "ok 😀");
}

TEST_CASE("bidi controls, separators and format characters are printed escaped", "[source]") {
    CHECK(printable("a\u202Eb") == "a\\u{202E}b");
    CHECK(printable("\u2066\u2069\u200E\u200F\uFEFF") ==
          "\\u{2066}\\u{2069}\\u{200E}\\u{200F}\\u{FEFF}");
    CHECK(printable("x\u2028y\u2029z") == "x\\u{2028}y\\u{2029}z");
    CHECK(printable("\xff.png") == "\\xff.png");
    CHECK(printable("é ‘Rad’ 😀") == "é ‘Rad’ 😀");
}

TEST_CASE("a diagnostic stays one line that shows the file's name as it is", "[source]") {
    const SourceText source("evil\u202Egnp.movimentum", "x");
    const Diagnostic diagnostic =
        makeDiagnostic({0, 1}, diag<DiagnosticId::ImageNotFound>("a\u2028b.png", "here"));
    CHECK(formatDiagnostic(source, diagnostic) ==
          "evil\\u{202E}gnp.movimentum:1:1: error: image file 'a\\u{2028}b.png' not found "
          "(looked for here)");
}
