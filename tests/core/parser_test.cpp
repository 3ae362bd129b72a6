#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/ast_printer.h"
#include "core/lexer.h"
#include "core/parser.h"
#include "tests/core/diagnostic_lines.h"
#include "tests/support/example_script.h"

using namespace mv;
using mv::test::diagnosticLines;

namespace {

struct Parsed {
    SourceText source;
    Diagnostics diagnostics;
    ast::Script script;
};

Parsed parseText(std::string text) {
    Parsed result{SourceText("test.movimentum", std::move(text)), {}, {}};
    result.script = parse(result.source, result.diagnostics);
    return result;
}

// The s-expression of one expression, or the diagnostics when there are any.
std::string tree(const std::string& text) {
    const SourceText source("expr", text);
    Diagnostics diagnostics;
    const ast::ExprPtr expr = parseExpression(source, diagnostics);
    if (!diagnostics.empty()) return "error: " + diagnosticLines(source, diagnostics).front();
    return ast::print(*expr);
}

std::vector<std::string> errors(const std::string& text) {
    const Parsed parsed = parseText(text);
    return diagnosticLines(parsed.source, parsed.diagnostics);
}

}  // namespace

TEST_CASE("The pump of LANGUAGE.md §1", "[parser]") {
    const Parsed parsed = parseText(readExampleScript("pump.movimentum"));
    CHECK(parsed.diagnostics.empty());
    CHECK(ast::print(parsed.script) == R"((config 25 640 360)
(def Engine 'engine.png' (P [30 50]) (Q (+ P [1 0])))
(def Crank 'crank.png' (P [20 20]) (Q (+ P [0 30])))
(def Piston 'piston.png' (P [30 50]) (Q (+ P [1 0])))
(def Conrod 'conrod.png' (P [0 50]) (Q (+ P [100 50])))
(@ 0)
  (= (. Engine P) [20 80])
  (= (. Engine Q) (+ (. Engine P) [_ 0]))
(@+ 2)
  (= (. Crank P) (+ (. Engine P) [200 70]))
  (= (. Crank Q) (+ (. Crank P) [_ 0]))
  (= (. Conrod P) (. Crank Q))
  (= (. Conrod Q) [x 80])
  (< x (. (. Crank P) x))
  (= (. Piston P) (. Conrod Q))
  (= (. Piston Q) (+ (. Piston P) [_ 0]))
(@+ 2)
  (= (. Crank Q) (+ (. Crank P) (rotate [c 0] (* (° 180) t))))
(@+ 8)
)");
}

TEST_CASE("Precedence from low to high: comparison, + -, * /, unary -, ^, postfix", "[parser]") {
    CHECK(tree("1 + 2 * 3") == "(+ 1 (* 2 3))");
    CHECK(tree("1 * 2 + 3") == "(+ (* 1 2) 3)");
    CHECK(tree("a - b - c") == "(- (- a b) c)");
    CHECK(tree("a / b * c") == "(* (/ a b) c)");
    CHECK(tree("-2^2") == "(- (^ 2 2))");
    CHECK(tree("2^3^2") == "(^ 2 (^ 3 2))");
    CHECK(tree("2^-1") == "(^ 2 (- 1))");
    CHECK(tree("-a * b") == "(* (- a) b)");
    CHECK(tree("--a") == "(- (- a))");
    CHECK(tree("a * -b") == "(* a (- b))");
    CHECK(tree("x^2°") == "(^ x (° 2))");
    CHECK(tree("-v.x") == "(- (. v x))");
    CHECK(tree("a + b < c * d") == "(< (+ a b) (* c d))");
    CHECK(tree("(1 + 2) * 3") == "(* (+ 1 2) 3)");
    CHECK(tree("Ball.x.y < 5") == "(< (. (. Ball x) y) 5)");
    CHECK(tree("a <= b") == "(<= a b)");
    CHECK(tree("a >= b") == "(>= a b)");
    CHECK(tree("a > b") == "(> a b)");
    CHECK(tree("a = b") == "(= a b)");
}

TEST_CASE("Degrees: postfix ° and deg after numbers, names and parentheses", "[parser]") {
    CHECK(tree("180°") == "(° 180)");
    CHECK(tree("w°") == "(° w)");
    CHECK(tree("(90 + 45)°") == "(° (+ 90 45))");
    CHECK(tree("180 deg") == "(° 180)");
    CHECK(tree("180deg * t") == "(* (° 180) t)");
    CHECK(tree("180° * t") == "(* (° 180) t)");
    CHECK(tree("-30°") == "(- (° 30))");
}

TEST_CASE("Members, methods and calls", "[parser]") {
    CHECK(tree("Crank.Q") == "(. Crank Q)");
    CHECK(tree("Crank.Q.x") == "(. (. Crank Q) x)");
    CHECK(tree("Ball.x_d1") == "(. Ball x_d1)");
    CHECK(tree("[c,0].rotate(180° * t)") == "(rotate [c 0] (* (° 180) t))");
    CHECK(tree("v.r(a).l") == "(. (r v a) l)");
    CHECK(tree("(A.P - B.Q).length") == "(. (- (. A P) (. B Q)) length)");
    CHECK(tree("atan2(y, x)") == "(atan2 y x)");
    CHECK(tree("clamp(v, lo, hi)") == "(clamp v lo hi)");
    CHECK(tree("ease(t / iv)") == "(ease (/ t iv))");
    CHECK(tree("f()") == "(f)");
    CHECK(tree("sin(x)^2") == "(^ (sin x) 2)");
    CHECK(tree("Rod.A + [0,-100].rotate(Bob.theta)") ==
          "(+ (. Rod A) (rotate [0 (- 100)] (. Bob theta)))");
    // Words after '.' are plain names in any context: anchors may be called link, rotate or x2.
    CHECK(tree("Rod.rotate.x2") == "(. (. Rod rotate) x2)");
    CHECK(tree("v.config") == "(. v config)");
}

TEST_CASE("Primaries: numbers, strings, vectors, names, don't-care", "[parser]") {
    CHECK(tree("000.0") == "0");
    CHECK(tree(".5") == "0.5");
    CHECK(tree("2.5E+2") == "250");
    CHECK(tree("'orange'") == "'orange'");
    CHECK(tree("\"file name.png\"") == "'file name.png'");
    CHECK(tree("[_, 0]") == "[_ 0]");
    CHECK(tree("[[1,2].x, -y]") == "[(. [1 2] x) (- y)]");
    CHECK(tree("pi * T + iv") == "(+ (* pi T) iv)");
}

TEST_CASE("Expression nodes carry their source ranges", "[parser]") {
    const SourceText source("expr", "Crank.P + [c,0].rotate(180° * t)");
    Diagnostics diagnostics;
    const ast::ExprPtr expr = parseExpression(source, diagnostics);
    REQUIRE(expr->kind == ast::ExprKind::Binary);
    CHECK(expr->range == SourceRange{0, 33});
    const ast::Expr& anchor = *expr->args[0];
    CHECK(anchor.kind == ast::ExprKind::Member);
    CHECK(source.slice(anchor.range) == "Crank.P");
    CHECK(source.slice(anchor.nameRange) == "P");
    const ast::Expr& method = *expr->args[1];
    CHECK(method.kind == ast::ExprKind::Method);
    CHECK(source.slice(method.range) == "[c,0].rotate(180° * t)");
    CHECK(source.slice(method.nameRange) == "rotate");
    CHECK(source.slice(method.args[1]->range) == "180° * t");
    CHECK(source.slice(method.args[1]->args[0]->range) == "180°");
    CHECK(method.args[1]->args[0]->args[0]->number == 180);

    const SourceText paren("expr", "(90 + 45)°");
    const ast::ExprPtr degree = parseExpression(paren, diagnostics);
    CHECK(degree->range == SourceRange{0, 11});
    CHECK(paren.slice(degree->args[0]->range) == "(90 + 45)");
    CHECK(diagnostics.empty());
}

TEST_CASE("Bar things of §4 with colour and width", "[parser]") {
    const Parsed parsed = parseText(
        "Frame : .bar A = [0,0] B = [100,0] C = B - [0,50] color = 'orange' width = 3;\n"
        "Plain : .bar A = [0,0];\n");
    CHECK(parsed.diagnostics.empty());
    CHECK(ast::print(parsed.script) ==
          "(def Frame .bar (A [0 0]) (B [100 0]) (C (- B [0 50])) (color 'orange') (width 3))\n"
          "(def Plain .bar (A [0 0]))\n");
    const ast::Definition& frame = parsed.script.definitions[0];
    CHECK(frame.kind == ast::DefinitionKind::Bar);
    CHECK(parsed.source.slice(frame.kindRange) == ".bar");
    CHECK(parsed.source.slice(frame.nameRange) == "Frame");
    CHECK(parsed.source.slice(frame.range) ==
          "Frame : .bar A = [0,0] B = [100,0] C = B - [0,50] color = 'orange' width = 3");
    CHECK(parsed.source.slice(frame.properties[2].range) == "C = B - [0,50]");
    CHECK(parsed.source.slice(frame.properties[2].nameRange) == "C");
}

TEST_CASE("An image thing keeps its file name and its range", "[parser]") {
    const Parsed parsed = parseText("Engine : \"engine.png\" P = [30,50];");
    REQUIRE(parsed.script.definitions.size() == 1);
    const ast::Definition& engine = parsed.script.definitions[0];
    CHECK(engine.kind == ast::DefinitionKind::Image);
    CHECK(engine.imageFile == "engine.png");
    CHECK(parsed.source.slice(engine.kindRange) == "\"engine.png\"");
}

TEST_CASE("Elements and interactions of §8", "[parser]") {
    const Parsed parsed = parseText(R"(
Bob : .pendulum theta = 0.5 theta_d1 = 0 m = 1 g = 9.81 l = 1;
Ball : .point x = [0,0] x_d1 = [0,0] m = 1;
Swing : .swing target = Bob;
Fall : .gravity target = Ball g = [0,-9.81];
Wall : .reflection target = Ball guard = Ball.x.x - 1 direction = 1 restitution = 1
  region = Ball.x.y < 5 positions = x velocities = x_d1;
Rod : .bar A = [0,0] B = [0,-100];
@0 Rod.B = Rod.A + [0,-100].rotate(Bob.theta);
@1 Ball.x_d1 := [3, 0];
)");
    CHECK(parsed.diagnostics.empty());
    CHECK(ast::print(parsed.script) ==
          R"((def Bob .pendulum (theta 0.5) (theta_d1 0) (m 1) (g 9.81) (l 1))
(def Ball .point (x [0 0]) (x_d1 [0 0]) (m 1))
(def Swing .swing (target Bob))
(def Fall .gravity (target Ball) (g [0 (- 9.81)]))
(def Wall .reflection (target Ball) (guard (- (. (. Ball x) x) 1)) (direction 1) (restitution 1) )"
          R"((region (< (. (. Ball x) y) 5)) (positions x) (velocities x_d1))
(def Rod .bar (A [0 0]) (B [0 (- 100)]))
(@ 0)
  (= (. Rod B) (+ (. Rod A) (rotate [0 (- 100)] (. Bob theta))))
(@ 1)
  (:= (. Ball x_d1) [3 0])
)");
    const ast::Statement& reset = parsed.script.steps[1].statements[0];
    CHECK(reset.kind == ast::Statement::Kind::Reset);
    CHECK(parsed.source.slice(reset.reset.range) == "Ball.x_d1 := [3, 0]");
}

TEST_CASE("Properties end where no operator continues the value", "[parser]") {
    const Parsed parsed = parseText("T : .bar A = [1,2] B = A+[0,1] C = -A D = B.rotate(1) E = A;");
    CHECK(parsed.diagnostics.empty());
    CHECK(ast::print(parsed.script) ==
          "(def T .bar (A [1 2]) (B (+ A [0 1])) (C (- A)) (D (rotate B 1)) (E A))\n");
}

TEST_CASE("Every relation of a constraint, labels and the don't-care", "[parser]") {
    const Parsed parsed = parseText(R"(@0
x = 1; x < 2; x > 0; x <= 3; x >= -1;
grip: (A.P - B.Q).length = 10;
Crank.Q = _;
)");
    CHECK(parsed.diagnostics.empty());
    CHECK(ast::print(parsed.script) == R"((@ 0)
  (= x 1)
  (< x 2)
  (> x 0)
  (<= x 3)
  (>= x (- 1))
  (grip: (= (. (- (. A P) (. B Q)) length) 10))
  (= (. Crank Q) _)
)");
    const ast::Constraint& grip = parsed.script.steps[0].statements[5].constraint;
    CHECK(grip.label == "grip");
    CHECK(parsed.source.slice(grip.labelRange) == "grip");
    CHECK(parsed.source.slice(grip.relationRange) == "=");
    CHECK(parsed.source.slice(grip.range) == "grip: (A.P - B.Q).length = 10");
    const ast::Constraint& less = parsed.script.steps[0].statements[1].constraint;
    CHECK(less.relation == ast::Relation::Less);
    CHECK(!less.label);
    CHECK(parsed.source.slice(less.range) == "x < 2");
}

TEST_CASE("Markers: absolute, relative, empty steps, marker ranges", "[parser]") {
    const Parsed parsed = parseText("@000.0 @+02.0 x = 1; @ 12.5 @+ .5");
    CHECK(parsed.diagnostics.empty());
    REQUIRE(parsed.script.steps.size() == 4);
    CHECK(parsed.script.steps[0].time == 0);
    CHECK(!parsed.script.steps[0].relative);
    CHECK(parsed.script.steps[1].time == 2);
    CHECK(parsed.script.steps[1].relative);
    CHECK(parsed.script.steps[1].statements.size() == 1);
    CHECK(parsed.script.steps[2].time == 12.5);
    CHECK(parsed.script.steps[3].time == 0.5);
    CHECK(parsed.source.slice(parsed.script.steps[1].markerRange) == "@+02.0");
    CHECK(parsed.source.slice(parsed.script.steps[3].markerRange) == "@+ .5");
}

TEST_CASE("An empty script and a script of comments parse to nothing", "[parser]") {
    CHECK(ast::print(parseText("").script).empty());
    const Parsed comments = parseText("// nothing\n/* at all */\n");
    CHECK(comments.diagnostics.empty());
    CHECK(ast::print(comments.script).empty());
}

using Lines = std::vector<std::string>;

TEST_CASE("Missing ';' is reported at the unexpected token, or after the line it ends",
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
          Lines{"1:6: unknown kind 'wheel': expected bar, pendulum, point, swing, gravity or "
                "reflection"});
    CHECK(errors("A : P = [0,0];") ==
          Lines{"1:5: expected a file name ('…') or a kind (.bar, .pendulum, …) after ':'"});
    CHECK(
        errors("A : . = 1;") ==
        Lines{
            "1:7: expected a kind after '.': bar, pendulum, point, swing, gravity or reflection"});
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

TEST_CASE("A definition without ';' before the next one reports once and keeps both",
          "[parser][errors]") {
    const Parsed parsed = parseText("A : .bar P = [0,0]\nB : .bar Q = [1,1];");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) ==
          Lines{"1:19: expected ';' after the definition"});
    CHECK(ast::print(parsed.script) == "(def A .bar (P [0 0]))\n(def B .bar (Q [1 1]))\n");
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
                "2:6: unknown kind 'wheel': expected bar, pendulum, point, swing, gravity or "
                "reflection",
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

TEST_CASE("An unterminated string is one error; parsing goes on after its line",
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

TEST_CASE("The tree keeps every range an editor or a diagnostic needs", "[parser]") {
    const Parsed parsed = parseText(
        ".config(25, 640, 360);\nA : .bar P = [0,0];\n@+1.5 kick: A.P >= [1,2];\n"
        "@2 B : 'b.png' Q = [0,0];\n");
    REQUIRE(parsed.script.config);
    CHECK(parsed.source.slice(parsed.script.config->range) == ".config(25, 640, 360)");
    CHECK(parsed.script.config->width->number == 640);
    CHECK(parsed.source.slice(parsed.script.config->height->range) == "360");
    const ast::Step& step = parsed.script.steps[0];
    CHECK(parsed.source.slice(step.markerRange) == "@+1.5");
    const ast::Constraint& kick = step.statements[0].constraint;
    CHECK(kick.relation == ast::Relation::GreaterEqual);
    CHECK(parsed.source.slice(kick.relationRange) == ">=");
    CHECK(parsed.source.slice(kick.lhs->range) == "A.P");
    CHECK(parsed.source.slice(kick.rhs->range) == "[1,2]");
    CHECK(parsed.source.slice(kick.range) == "kick: A.P >= [1,2]");
    REQUIRE(parsed.script.misplacedDefinitions.size() == 1);
    const ast::Definition& late = parsed.script.misplacedDefinitions[0];
    CHECK(parsed.source.slice(late.range) == "B : 'b.png' Q = [0,0]");
    CHECK(parsed.source.slice(late.kindRange) == "'b.png'");
    CHECK(late.imageFile == "b.png");
}

TEST_CASE("Calls and methods keep their name and arguments in order", "[parser]") {
    const SourceText source("expr", "lerp(a, b, s).r(pi / 2)");
    Diagnostics diagnostics;
    const ast::ExprPtr method = parseExpression(source, diagnostics);
    REQUIRE(method->kind == ast::ExprKind::Method);
    CHECK(method->text == "r");
    REQUIRE(method->args.size() == 2);
    const ast::Expr& call = *method->args[0];
    CHECK(call.kind == ast::ExprKind::Call);
    CHECK(call.text == "lerp");
    CHECK(source.slice(call.nameRange) == "lerp");
    CHECK(source.slice(call.range) == "lerp(a, b, s)");
    REQUIRE(call.args.size() == 3);
    CHECK(call.args[2]->text == "s");
    CHECK(ast::print(*method->args[1]) == "(/ pi 2)");
    CHECK(diagnostics.empty());
}

TEST_CASE("Recovery: a broken statement is skipped to its ';', the next one is read",
          "[parser][errors]") {
    const Parsed parsed = parseText("@0 a = (1 + 2 b c d;  e = 1;\n@1 f = ] ] ];  g = 2;");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) ==
          Lines{"1:15: expected ')'", "2:8: expected an expression"});
    CHECK(ast::print(parsed.script) ==
          "(@ 0)\n  (= a (+ 1 2))\n  (= e 1)\n(@ 1)\n  (= f <error>)\n  (= g 2)\n");
}

TEST_CASE("Recovery: a broken statement is skipped only up to the next '@'", "[parser][errors]") {
    const Parsed parsed = parseText("@0 a = [1, 2 b = 3\n@1 c = 4;");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) == Lines{"1:14: expected ']'"});
    CHECK(ast::print(parsed.script) == "(@ 0)\n  (= a [1 2])\n(@ 1)\n  (= c 4)\n");
}

TEST_CASE("Recovery: a broken definition keeps what was read and the next definitions",
          "[parser][errors]") {
    const Parsed parsed =
        parseText("A : .bar P = [0,0] Q = (1 R = 2;\nB : .bar P = [1,1];\n@0 x = 1;");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) == Lines{"1:27: expected ')'"});
    CHECK(ast::print(parsed.script) ==
          "(def A .bar (P [0 0]) (Q 1))\n(def B .bar (P [1 1]))\n(@ 0)\n  (= x 1)\n");
}

TEST_CASE("Recovery: a marker inside an open bracket ends the broken statement",
          "[parser][errors]") {
    const Parsed parsed = parseText("@0 x = (1 + @2 y = [3, @3 z = 4;");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) ==
          Lines{"1:13: expected an expression", "1:24: expected an expression"});
    CHECK(ast::print(parsed.script) ==
          "(@ 0)\n  (= x (+ 1 <error>))\n(@ 2)\n  (= y [3 <error>])\n(@ 3)\n  (= z 4)\n");
}

TEST_CASE("Recovery: statements before the first marker are skipped one by one",
          "[parser][errors]") {
    const Parsed parsed = parseText("A : .bar P = [0,0];\nA.P = [1,1];\nx = 2;\n@0 A.P = [2,2];");
    CHECK(diagnosticLines(parsed.source, parsed.diagnostics) ==
          Lines{"2:1: expected a definition ('Name : …;') or a time marker ('@')",
                "3:1: expected a definition ('Name : …;') or a time marker ('@')"});
    CHECK(ast::print(parsed.script) == "(def A .bar (P [0 0]))\n(@ 0)\n  (= (. A P) [2 2])\n");
}

TEST_CASE("Windows line ends and tabs parse like Unix ones", "[parser]") {
    const std::string unix =
        "// pump\nA : .bar P = [0,0]\n\tQ = P + [1,0];\n@0\tA.P = [1,1]; /* c\n */ x = 1;\n";
    std::string windows;
    for (const char c : unix) windows += c == '\n' ? std::string("\r\n") : std::string(1, c);
    const Parsed a = parseText(unix), b = parseText(windows);
    CHECK(a.diagnostics.empty());
    CHECK(b.diagnostics.empty());
    CHECK(ast::print(a.script) == ast::print(b.script));
    CHECK(errors("@0 x = ;\r\n y = ;\r\n") ==
          Lines{"1:8: expected an expression", "2:6: expected an expression"});
}
