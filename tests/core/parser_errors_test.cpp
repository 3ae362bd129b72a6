// The parser's errors and its recovery (clox's synchronisation, at ';' and '@'): every error is
// reported once, at the token that shows it, and the statements after it are still read.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/text/lexer.h"
#include "tests/core/parsed_text.h"

using namespace mv;
using namespace mv::test;

namespace {

// A script with errors: its diagnostics, and the tree of what the parser kept around them.
void checkRecovery(const std::string& text, const Lines& diagnostics, const std::string& kept) {
    const Parsed parsed = parseText(text);
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) == diagnostics);
    CHECK(ast::print(parsed.script) == kept);
}

}  // namespace

TEST_CASE("A missing semicolon is reported at the unexpected token, or after the line it ends",
          "[parser][errors]") {
    CHECK(errors("@0 x = 1 y = 2;\n") == Lines{"1:10: expected ';' after the constraint"});
    // Before a marker the skip stops at the marker, so the next step is intact.
    const Parsed parsed = parseText("@0 x = 1\n@1 y = 2;");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) ==
          Lines{"1:9: expected ';' after the constraint"});
    REQUIRE(parsed.script.steps.size() == 2);
    CHECK(ast::print(parsed.script) == "(@ 0)\n  (= x 1)\n(@ 1)\n  (= y 2)\n");
}

TEST_CASE("Missing expressions and brackets", "[parser][errors]") {
    CHECK(errors("@0 x = ;") == Lines{"1:8: expected an expression"});
    CHECK(errors("@0 x = [1, 2;") == Lines{"1:13: expected ']'"});
    CHECK(errors("@0 x = (1 + 2;") == Lines{"1:14: expected ')'"});
    CHECK(errors("@0 x = sin(1;") == Lines{"1:13: expected ')' after the arguments"});
    CHECK(errors("@0 x = v.rotate(1, ;") == Lines{"1:20: expected an expression"});
    CHECK(errors("@0 x = [1];") == Lines{"1:10: a vector has two components: [x, y]"});
    CHECK(errors("@0 x = [1, 2, 3];") == Lines{"1:13: a vector has two components: [x, y]"});
    CHECK(errors("@0 x = [1 2];") ==
          Lines{"1:11: expected ',' after the vector's first component"});
    CHECK(errors("@0 x = v.;") == Lines{"1:10: expected a name after '.'"});
    CHECK(errors("@0 x = v.[1,2];") == Lines{"1:10: expected a name after '.'"});
    CHECK(errors("@0 x = 1 +;") == Lines{"1:11: expected an expression"});
    CHECK(errors("@0 x = 2^;") == Lines{"1:10: expected an expression"});
}

TEST_CASE("Constraint shape errors", "[parser][errors]") {
    CHECK(errors("@0 x;") ==
          Lines{"1:5: expected '=', '<', '>', '<=', '>=' or ':=' after the expression"});
    CHECK(errors("@0 0 < x < 5;") ==
          Lines{"1:10: a constraint has one comparison; write two constraints"});
    CHECK(errors("@0 x = 1 = 2;") ==
          Lines{"1:10: a constraint has one comparison; write two constraints"});
    CHECK(errors("@0 kick: Ball.x_d1 := [1,0];") ==
          Lines{"1:4: a reset (':=') cannot have a label"});
    CHECK(errors("@0 Ball.x_d1 := [1,0]\n@1") == Lines{"1:22: expected ';' after the reset"});
}

TEST_CASE("Marker errors keep the step as '@+0'", "[parser][errors]") {
    const Parsed parsed = parseText("@0 x = 1;\n@ y = 2; z = 3;\n@+ ; w = 4;");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) ==
          Lines{"2:3: a time marker needs a number after '@'",
                "3:4: a time marker needs a number after '@'"});
    // The rest of a bad marker's statement is skipped, the statements after it are kept.
    CHECK(ast::print(parsed.script) == "(@ 0)\n  (= x 1)\n(@+ 0)\n  (= z 3)\n(@+ 0)\n  (= w 4)\n");
    CHECK(errors("@-1 x = 1;") == Lines{"1:2: a time marker needs a number after '@'"});
    CHECK(errors("@") == Lines{"1:2: a time marker needs a number after '@'"});
}

TEST_CASE("Definition errors", "[parser][errors]") {
    CHECK(errors("A : .wheel P = [0,0];") ==
          Lines{"1:6: unknown kind 'wheel': expected bar, pendulum, point, swing, gravity, "
                "reflection or mass"});
    CHECK(errors("A : P = [0,0];") ==
          Lines{"1:5: expected a file name ('…') or a kind (.bar, .pendulum, …) after ':'"});
    CHECK(errors("A : . = 1;") == Lines{"1:7: expected a kind after '.': bar, pendulum, point, "
                                        "swing, gravity, reflection or mass"});
    CHECK(errors("A : .bar P [0,0];") == Lines{"1:12: expected '=' after the property name"});
    CHECK(errors("A : .bar P = [0,0] 3;") ==
          Lines{"1:20: expected a property ('name = value') or ';'"});
    CHECK(errors("A : .bar P = ;") == Lines{"1:14: expected an expression"});
    CHECK(errors("A : .bar P = [0,0]") == Lines{"1:19: expected ';' after the definition"});
    CHECK(errors("A : .bar P = [0,0]\n@0") == Lines{"1:19: expected ';' after the definition"});
    CHECK(errors("x = 1;") ==
          Lines{"1:1: expected a definition ('Name : …;') or a time marker ('@')"});
}

TEST_CASE("An unknown kind still keeps the properties", "[parser][errors]") {
    const Parsed parsed = parseText("A : .wheel P = [0,0] r = 2;");
    REQUIRE(parsed.script.definitions.size() == 1);
    CHECK(parsed.script.definitions[0].kind == ast::DefinitionKind::Unknown);
    CHECK(ast::print(parsed.script) == "(def A .? (P [0 0]) (r 2))\n");
}

TEST_CASE("A definition without a semicolon before the next one reports once and keeps both",
          "[parser][errors]") {
    checkRecovery("A : .bar P = [0,0]\nB : .bar Q = [1,1];",
                  Lines{"1:19: expected ';' after the definition"},
                  "(def A .bar (P [0 0]))\n(def B .bar (Q [1 1]))\n");
}

TEST_CASE("Definitions after the first marker are reported and kept aside", "[parser][errors]") {
    const Parsed parsed = parseText(
        "A : .bar P = [0,0];\n@0 A.P = [1,1];\n  B : 'b.png' Q = [1,2];\n"
        "  C : .point x = [0,0];\n  A.P = [2,2];");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) ==
          Lines{"3:3: definitions must come before the first time marker",
                "4:3: definitions must come before the first time marker"});
    CHECK(ast::print(parsed.script) ==
          "(def A .bar (P [0 0]))\n"
          "(misplaced (def B 'b.png' (Q [1 2])))\n"
          "(misplaced (def C .point (x [0 0])))\n"
          "(@ 0)\n  (= (. A P) [1 1])\n  (= (. A P) [2 2])\n");
}

TEST_CASE("Config errors", "[parser][errors]") {
    CHECK(errors(".config(25, 640);") ==
          Lines{"1:16: '.config' needs three values: fps, width, height"});
    CHECK(errors(".config(25, 640, 360, 1);") ==
          Lines{"1:21: expected ')' after the three values of '.config'"});
    CHECK(errors(".config 25;") == Lines{"1:9: expected '(' after '.config'"});
    CHECK(errors(".confg(25, 640, 360);") == Lines{"1:2: expected 'config' after '.'"});
    CHECK(errors(".config(25, 640, 360)\nA : .bar P = [0,0];") ==
          Lines{"1:22: expected ';' after '.config(…)'"});
    CHECK(errors("A : .bar P = [0,0];\n.config(25, 640, 360);") ==
          Lines{"2:1: '.config(…)' must come first, before the definitions"});
    const Parsed twice = parseText(".config(25, 640, 360);\n.config(30, 1, 1);");
    CHECK(diagnosticLines(twice.source, twice.diagnostics) ==
          Lines{"2:1: '.config(…)' must come first, before the definitions"});
    CHECK(ast::print(twice.script) == "(config 25 640 360)\n");
}

TEST_CASE("Error ranges cover the unexpected token", "[parser][errors]") {
    const Parsed parsed = parseText("@0 x = 1 yy = 2;");
    REQUIRE(parsed.diagnostics.list().size() == 1);
    CHECK(parsed.source.slice(parsed.diagnostics.list()[0].range) == "yy");
    const Parsed atEnd = parseText("@0 x = 1");
    REQUIRE(atEnd.diagnostics.list().size() == 1);
    CHECK(atEnd.diagnostics.list()[0].range == SourceRange{8, 8});
}

TEST_CASE("Several errors in one script are all reported, each once", "[parser][errors]") {
    const Parsed parsed = parseText(R"(A : .bar P = [0,0] Q = ;
B : .wheel P = [1,1];
C : .bar P = [2,2];
@0 A.P = [1,;
   B.P = [2,2];
   C.P = (1 + ;  C.Q = [3,3];
@+ x = 1;
@2 A.Q = A.P + [1, 0]
@3 y = 2 # 3;
   z = 4;
)");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) ==
          Lines{"1:24: expected an expression",
                "2:6: unknown kind 'wheel': expected bar, pendulum, point, swing, gravity, "
                "reflection or mass",
                "4:13: expected an expression", "6:15: expected an expression",
                "7:4: a time marker needs a number after '@'",
                "8:22: expected ';' after the constraint", "9:10: unexpected character '#'"});
    // Everything that could be read is in the tree, with Error nodes where text was missing.
    CHECK(ast::print(parsed.script) == R"((def A .bar (P [0 0]) (Q <error>))
(def B .? (P [1 1]))
(def C .bar (P [2 2]))
(@ 0)
  (= (. A P) [1 <error>])
  (= (. B P) [2 2])
  (= (. C P) (+ 1 <error>))
  (= (. C Q) [3 3])
(@+ 0)
(@ 2)
  (= (. A Q) (+ (. A P) [1 0]))
(@ 3)
  (= y 2)
  (= z 4)
)");
}

TEST_CASE("A stray character gives only the lexer's error", "[parser][errors]") {
    CHECK(errors("@0 x = 1 € 2;\n y = 3;") == Lines{"1:10: unexpected character '€' (U+20AC)"});
    CHECK(errors("@0 x = _a;") == Lines{"1:8: a name must start with a letter, not '_'"});
    CHECK(errors("@0 x = 1e;") == Lines{"1:8: expected digits after the exponent 'e'"});
}

TEST_CASE("Lexer and parser errors come out in source order", "[parser][errors]") {
    CHECK(errors("@0 x = ;\n y = 1 # 2;\n z = 1 + ; _w = 1;") ==
          Lines{"1:8: expected an expression", "2:8: unexpected character '#'",
                "3:10: expected an expression", "3:12: a name must start with a letter, not '_'"});
}

TEST_CASE("An unterminated string is one error, and parsing goes on after its line",
          "[parser][errors]") {
    CHECK(errors("@0 x = 1;\n y = 'open;\n z = 1 + 2;\n w = ;") ==
          Lines{"2:6: unterminated string: missing closing '", "4:6: expected an expression"});
    const Parsed parsed =
        parseText("Engine : 'engine.png P = [30,50];\nCrank : 'crank.png' P = [0,0];");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) ==
          Lines{"1:10: unterminated string: missing closing '"});
    CHECK(ast::print(parsed.script) ==
          "(def Engine 'engine.png P = [30,50];')\n(def Crank 'crank.png' (P [0 0]))\n");
}

TEST_CASE("Deep nesting is an error, not a stack overflow", "[parser][errors]") {
    const auto check = [](const std::string& text) {
        const Parsed parsed = parseText("@0 x = " + text + ";\n y = 1;");
        CHECK(diagnosticLines(parsed.source, parsed.diagnostics).size() == 1);
        CHECK(parsed.diagnostics.list()[0].message == "the expression is nested too deeply");
        REQUIRE(parsed.script.steps.size() == 1);
        CHECK(parsed.script.steps[0].statements.size() == 2);
    };
    check(std::string(100000, '(') + "1" + std::string(100000, ')'));
    check(std::string(100000, '[') + "1");
    check(std::string(100000, '-') + "1");
    std::string sum = "1", power = "2", members = "v", degrees = "1";
    for (int i = 0; i < 50000; ++i) {
        sum += "+1";
        power += "^2";
        members += ".x";
        degrees += "°";
    }
    check(sum);
    check(power);
    check(members);
    check(degrees);
}

TEST_CASE("Nesting up to the limit parses", "[parser]") {
    const int depth = kMaxExpressionDepth - 10;
    const std::string text = std::string(depth, '(') + "1" + std::string(depth, ')');
    CHECK(tree(text) == "1");
}

TEST_CASE("The token-taking parse works on lex() output and on a list without EndOfFile",
          "[parser]") {
    const SourceText source("t", "A : .bar P = [0,0];\n@0 A.P = [1,2];");
    Diagnostics diagnostics;
    std::vector<Token> tokens = lex(source, diagnostics);
    const ast::Script fromTokens = parse(source, tokens, diagnostics);
    CHECK(ast::print(fromTokens) == "(def A .bar (P [0 0]))\n(@ 0)\n  (= (. A P) [1 2])\n");
    tokens.pop_back();  // EndOfFile
    tokens.pop_back();  // the last ';'
    parse(source, tokens, diagnostics);
    CHECK(diagnosticLines(source, diagnostics) == Lines{"2:16: expected ';' after the constraint"});
    CHECK(ast::print(parse(source, std::vector<Token>{}, diagnostics)).empty());
}

TEST_CASE("parseExpression wants the whole text to be one expression", "[parser][errors]") {
    CHECK(tree("a + b c") == "error: 1:7: unexpected text after the expression");
    CHECK(tree("") == "error: 1:1: expected an expression");
    CHECK(tree("a < b < c") == "error: 1:7: comparisons cannot be chained");
}

TEST_CASE("Property values allow one comparison", "[parser][errors]") {
    CHECK(errors("W : .reflection region = 0 < x < 5;") ==
          Lines{"1:32: comparisons cannot be chained"});
    const Parsed parsed = parseText("W : .reflection region = 0 <= Ball.x.y direction = -1;");
    CHECK(parsed.diagnostics.empty());
    CHECK(ast::print(parsed.script) ==
          "(def W .reflection (region (<= 0 (. (. Ball x) y))) (direction (- 1)))\n");
}

TEST_CASE("Recovery: a broken statement is skipped to its semicolon, and the next one is read",
          "[parser][errors]") {
    checkRecovery("@0 a = (1 + 2 b c d;  e = 1;\n@1 f = ] ] ];  g = 2;",
                  Lines{"1:15: expected ')'", "2:8: expected an expression"},
                  "(@ 0)\n  (= a (+ 1 2))\n  (= e 1)\n(@ 1)\n  (= f <error>)\n  (= g 2)\n");
}

TEST_CASE("Recovery: a broken statement is skipped only up to the next '@'", "[parser][errors]") {
    checkRecovery("@0 a = [1, 2 b = 3\n@1 c = 4;", Lines{"1:14: expected ']'"},
                  "(@ 0)\n  (= a [1 2])\n(@ 1)\n  (= c 4)\n");
}

TEST_CASE("Recovery: a broken definition keeps what was read and the next definitions",
          "[parser][errors]") {
    checkRecovery("A : .bar P = [0,0] Q = (1 R = 2;\nB : .bar P = [1,1];\n@0 x = 1;",
                  Lines{"1:27: expected ')'"},
                  "(def A .bar (P [0 0]) (Q 1))\n(def B .bar (P [1 1]))\n(@ 0)\n  (= x 1)\n");
}

TEST_CASE("Recovery: a marker inside an open bracket ends the broken statement",
          "[parser][errors]") {
    checkRecovery("@0 x = (1 + @2 y = [3, @3 z = 4;",
                  Lines{"1:13: expected an expression", "1:24: expected an expression"},
                  "(@ 0)\n  (= x (+ 1 <error>))\n(@ 2)\n  (= y [3 <error>])\n(@ 3)\n  (= z 4)\n");
}

TEST_CASE("Recovery: statements before the first marker are skipped one by one",
          "[parser][errors]") {
    checkRecovery("A : .bar P = [0,0];\nA.P = [1,1];\nx = 2;\n@0 A.P = [2,2];",
                  Lines{"2:1: expected a definition ('Name : …;') or a time marker ('@')",
                        "3:1: expected a definition ('Name : …;') or a time marker ('@')"},
                  "(def A .bar (P [0 0]))\n(@ 0)\n  (= (. A P) [2 2])\n");
}
