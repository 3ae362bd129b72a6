#include <catch2/catch.hpp>

#include <string>

#include "core/diagnostics/diagnostic.h"
#include "core/text/printable.h"
#include "core/text/source_text.h"

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
    diagnostics.report({13, 14}, diag<DiagnosticId::ExpectedExpression>());
    diagnostics.report({0, 1}, diag<DiagnosticId::ImageUnsaved>("bob.png"));
    CHECK(diagnostics.hasErrors());
    CHECK(diagnostics.errorCount() == 1);
    CHECK(formatDiagnostic(source, diagnostics.list()[0]) ==
          "pump.movimentum:2:7: error: expected an expression");
    CHECK(formatDiagnostic(source, diagnostics.list()[1]) ==
          "pump.movimentum:1:1: warning: save the script to find 'bob.png'");
}

TEST_CASE("Columns past a checkpoint still count code points, not bytes", "[source]") {
    // 100 `°` (two bytes each) put the `x` at byte 201 of line 2, column 101.
    std::string text = "a\n";
    for (int i = 0; i < 100; ++i) text += "°";
    text += "x";
    const SourceText source("a.movimentum", text);
    CHECK(source.location(static_cast<uint32_t>(text.size() - 1)) == LineColumn{2, 101});
    CHECK(source.location(static_cast<uint32_t>(text.size())) == LineColumn{2, 102});
}

TEST_CASE("Offsets on one long line are located by their code points", "[source]") {
    // 200,000 `x;` on one line: every lookup starts from a checkpoint, not from the line's start
    // (bench/parse_bench's locateOnLongLine measures that the cost stays linear).
    std::string line;
    for (int i = 0; i < 200000; ++i) line += "x;";
    const SourceText source("long.movimentum", line);
    for (uint32_t offset = 0; offset < line.size(); offset += 997)
        CHECK(source.location(offset) == LineColumn{1, static_cast<int>(offset) + 1});
    CHECK(source.location(static_cast<uint32_t>(line.size() - 2)).column == 399999);
}

TEST_CASE("Control characters from the script are escaped in printed diagnostics", "[source]") {
    const SourceText source("a\x1b[2J.movimentum", "x");
    const Diagnostic diagnostic = makeDiagnostic(
        {0, 1}, diag<DiagnosticId::ImageNotFound>("\x1b]0;owned\x07.png", "\xc2\x9b"));
    const std::string line = formatDiagnostic(source, diagnostic);
    CHECK(line ==
          "a\\x1b[2J.movimentum:1:1: error: image file '\\x1b]0;owned\\x07.png' not found "
          "(looked for \\u009b)");
    CHECK(printable("°\tok\x7f") == "°\\x09ok\\x7f");
}
