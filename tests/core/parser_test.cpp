#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/core/parsed_text.h"
#include "tests/support/example_script.h"

using namespace mv;
using namespace mv::test;

TEST_CASE("The pump of docs/reference.md#a-complete-example", "[parser]") {
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
