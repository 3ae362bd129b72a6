#include <catch2/catch.hpp>

#include "core/diagnostic.h"
#include "core/source_text.h"

using namespace mv;

TEST_CASE("SourceText maps offsets to 1-based lines and code-point columns", "[source]") {
    const SourceText source("a.movimentum", "ab\nc°d\n\nx");
    CHECK(source.location(0) == LineColumn{1, 1});
    CHECK(source.location(2) == LineColumn{1, 3});
    CHECK(source.location(3) == LineColumn{2, 1});
    // `°` is two bytes but one column: `d` is at byte 6, column 3.
    CHECK(source.location(6) == LineColumn{2, 3});
    CHECK(source.location(8) == LineColumn{3, 1});
    CHECK(source.location(9) == LineColumn{4, 1});
    CHECK(source.location(1000) == LineColumn{4, 2});
    CHECK(source.lineText(4) == "c°d");
    CHECK(source.slice({3, 6}) == "c°");
}

TEST_CASE("Diagnostics print as FILE:LINE:COL: severity: message", "[source]") {
    const SourceText source("pump.movimentum", "x = 1;\n  y = ;\n");
    Diagnostics diagnostics;
    diagnostics.error({13, 14}, "expected an expression");
    diagnostics.warning({0, 1}, "unused");
    CHECK(diagnostics.hasErrors());
    CHECK(diagnostics.errorCount() == 1);
    CHECK(formatDiagnostic(source, diagnostics.list()[0]) ==
          "pump.movimentum:2:7: error: expected an expression");
    CHECK(formatDiagnostic(source, diagnostics.list()[1]) == "pump.movimentum:1:1: warning: unused");
}
