// The analyzer through compileScript: what the Script model holds for valid scripts (anchors,
// keys, lifetimes, types, resolved operations, mechanics) and, for each kind of mistake, the
// error and where it points.

#include <catch2/catch.hpp>

#include <numbers>

#include "core/compile.h"
#include "core/model/evaluate.h"
#include "tests/support/disk_images.h"
#include "tests/support/example_script.h"

using namespace mv;

namespace {

const std::string kExamples = std::string(MOVIMENTUM_SOURCE_DIR) + "/tests/language/examples";

CompileResult compile(const std::string& text, const std::string& folder = kExamples) {
    return compileScript(std::make_shared<const SourceText>("test.movimentum", text),
                         mv::test::DiskImages(folder));
}

// Compiles a script that must have no diagnostics at all.
std::shared_ptr<const Script> compileClean(const std::string& text) {
    const CompileResult result = compile(text);
    for (const Diagnostic& d : result.diagnostics) FAIL_CHECK(d.message);
    REQUIRE(result.script);
    return result.script;
}

// "3:12: message" of the first diagnostic; the cases below check its beginning.
std::string firstDiagnostic(const std::string& text) {
    const auto source = std::make_shared<const SourceText>("test.movimentum", text);
    const CompileResult result = compileScript(source, mv::test::DiskImages(kExamples));
    if (result.diagnostics.empty()) return "no diagnostic";
    const Diagnostic& d = result.diagnostics.front();
    const LineColumn at = source->location(d.range.begin);
    return std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + d.message;
}

const Constraint& constraintWithKey(const Script& script, const std::string& key, int nth = 0) {
    for (const Constraint& c : script.constraints)
        if (c.key == key && nth-- == 0) return c;
    FAIL("no constraint with key " << key);
    return script.constraints.front();
}

// Leaves for evaluate(): variables, anchors (from given poses) and times set by the test.
struct TestEnvironment {
    const Script& script;
    std::vector<Vec2> variables;
    std::vector<Pose> poses;
    double t = 0, T = 0, iv = 0;

    Value<double> variable(uint32_t i) const { return {variables[i].x, variables[i].y}; }
    Value<double> anchor(uint32_t thing, uint32_t a) const {
        const Vec2 p = poses[thing].apply(script.things[thing].anchors[a].local);
        return {p.x, p.y};
    }
    Value<double> state(uint32_t e, uint32_t s) const {
        const Vec2 v = script.elements[e].states[s].initial;
        return {v.x, v.y};
    }
    double parameter(uint32_t e, uint32_t p) const {
        return script.elements[e].parameters[p].value;
    }
    double localTime() const { return t; }
    double absoluteTime() const { return T; }
    double stepLength() const { return iv; }
};

const std::string kPump = readExampleScript("pump.movimentum");

}  // namespace

TEST_CASE("The pump: things, image anchors in body coordinates, steps", "[analyzer]") {
    const auto script = compileClean(kPump);
    CHECK(script->config.fps == 25);
    CHECK(script->config.width == 640);
    CHECK(script->config.height == 360);
    REQUIRE(script->things.size() == 4);
    const Thing& conrod = script->things[3];
    CHECK(conrod.name == "Conrod");
    CHECK(conrod.kind == Thing::Kind::Image);
    CHECK_FALSE(conrod.imageMissing);
    CHECK(conrod.imagePath == kExamples + "/conrod.png");
    // Pixels (y down) become body coordinates (y up): P = (0, 50) px, Q = P + (100, 50) px.
    CHECK(conrod.anchors[0].local == Vec2{0, -50});
    CHECK(conrod.anchors[1].local == Vec2{100, -100});
    CHECK(script->things[0].anchors[1].local == Vec2{31, -50});
    // An image starts with its top-left corner at the canvas's top-left corner.
    CHECK(conrod.initialPose.y == 360);

    REQUIRE(script->steps.size() == 4);
    CHECK(script->steps[1].time == 2);
    CHECK(script->steps[2].time == 4);
    CHECK(script->steps[3].time == 12);
    CHECK(script->steps[1].constraints.size() == 7);
}

TEST_CASE("The pump: keys and lifetimes of its constraints", "[analyzer]") {
    const auto script = compileClean(kPump);
    std::vector<std::string> keys;
    for (const Constraint& c : script->constraints) keys.push_back(c.key);
    CHECK(keys == std::vector<std::string>{"Engine.P", "Engine.Q", "Crank.P", "Crank.Q", "Conrod.P",
                                           "Conrod.Q", "x <", "Piston.P", "Piston.Q", "Crank.Q"});
    const Constraint& firstCrankQ = constraintWithKey(*script, "Crank.Q");
    CHECK(firstCrankQ.firstStep == 1);
    CHECK(firstCrankQ.endStep == 2);
    const Constraint& secondCrankQ = constraintWithKey(*script, "Crank.Q", 1);
    CHECK(secondCrankQ.firstStep == 2);
    CHECK(secondCrankQ.endStep == 4);
    CHECK(constraintWithKey(*script, "Engine.P").endStep == 4);
    CHECK(constraintWithKey(*script, "x <").relation == Relation::Less);
}

TEST_CASE("Variables: named ones once, each _ anew, types from use", "[analyzer]") {
    const auto script = compileClean(kPump);
    const int x = script->variableIndex("x");
    const int c = script->variableIndex("c");
    REQUIRE(x >= 0);
    REQUIRE(c >= 0);
    CHECK(script->variables[x].type == ValueType::Scalar);
    CHECK(script->variables[c].type == ValueType::Scalar);
    const auto anonymous =
        std::count_if(script->variables.begin(), script->variables.end(),
                      [](const Variable& v) { return v.anonymous && v.name == "_"; });
    CHECK(anonymous == 3);
    CHECK(script->variableIndex("_") == -1);
    CHECK(script->variables.size() == 5);
}

TEST_CASE("The rotating crank evaluates to a point on its circle", "[analyzer]") {
    const auto script = compileClean(kPump);
    const Constraint& crank = constraintWithKey(*script, "Crank.Q", 1);
    TestEnvironment env{*script, std::vector<Vec2>(script->variables.size()), std::vector<Pose>(4)};
    env.variables[script->variableIndex("c")] = {30, 0};
    env.poses[1] = {220, 150, 0};  // Crank.P at (240, 130)
    env.t = 0.5;                   // a quarter turn: 180° * 0.5
    const Value<double> rhs = evaluate<double>(*crank.rhs, env);
    CHECK(rhs.x == Approx(240));
    CHECK(rhs.y == Approx(160));
    CHECK(crank.rhs->type == ValueType::Vector);
}

TEST_CASE("Sugar becomes plain operations", "[analyzer]") {
    const auto script = compileClean(
        "A : .bar P = [0,0] Q = [1,0];\n"
        "@0 A.P = [0,0]; A.Q.x = 180°; A.Q.y = w deg; a = angle(A.Q); b = angle(A.Q, A.P);\n"
        "   l = A.Q.l; r = A.Q.r(1); k = (90 + 45)°; -A.P.x = 2;\n");
    auto rhs = [&](const std::string& key) { return constraintWithKey(*script, key).rhs; };
    CHECK(rhs("A.Q.x")->op == ExprOp::Number);
    CHECK(rhs("A.Q.x")->number == Approx(std::numbers::pi));
    const ExpressionPtr degrees = rhs("A.Q.y");
    REQUIRE(degrees->op == ExprOp::Multiply);
    CHECK(degrees->args[0]->op == ExprOp::Variable);
    CHECK(degrees->args[1]->number == Approx(std::numbers::pi / 180));
    CHECK(rhs("a")->op == ExprOp::Angle);
    CHECK(rhs("b")->op == ExprOp::AngleBetween);
    CHECK(rhs("l")->op == ExprOp::Length);
    CHECK(rhs("r")->op == ExprOp::Rotate);
    CHECK(rhs("r")->type == ValueType::Vector);
    CHECK(rhs("k")->op == ExprOp::Multiply);
    CHECK(script->constraints.back().key.empty());  // -A.P.x is not a single anchor
}

TEST_CASE("Keys: components, bounds by direction, labels, and freeing", "[analyzer]") {
    const auto script = compileClean(
        "A : .bar P = [0,0] Q = [1,0];\n"
        "@0 A.P.x = 1; x <= 5; x >= 1; x > 0; v.y = 2; grip: (A.P - A.Q).length = 10; A.Q = A.P + "
        "[_, 0];\n"
        "@1 A.Q = _;\n"
        "@2 A . P\n   . y = 2;\n");  // keys are names, whatever the spacing
    std::vector<std::string> keys;
    for (const Constraint& c : script->constraints) keys.push_back(c.key);
    CHECK(keys == std::vector<std::string>{"A.P.x", "x <", "x >", "x >", "v.y", "grip", "A.Q",
                                           "A.Q", "A.P.y"});
    const Constraint& freeing = script->constraints[7];
    CHECK(freeing.frees);
    CHECK(freeing.step == 1);
    CHECK(constraintWithKey(*script, "A.Q").endStep == 1);
    CHECK(script->variables[script->variableIndex("v")].type == ValueType::Vector);
}

TEST_CASE("Bars: anchors as written, options", "[analyzer]") {
    const auto script = compileClean(
        "Link : .bar A = [0,0] B = [100,0] C = B+[0,20] color = 'orange' width = 2.5;\n");
    const Thing& link = script->things[0];
    CHECK(link.kind == Thing::Kind::Bar);
    REQUIRE(link.anchors.size() == 3);
    CHECK(link.anchors[2].local == Vec2{100, 20});
    CHECK(link.color == "orange");
    CHECK(link.lineWidth == 2.5);
    CHECK(link.initialPose.x == 0);
    CHECK(link.initialPose.y == 0);
}

TEST_CASE("Elements: defaults of the seed, overrides, state layout", "[analyzer]") {
    const auto script =
        compileClean("Bob : .pendulum theta = 0.2 l = 2.0;\nBall : .point x_d1 = [1, 1];\n");
    const Element& bob = script->elements[0];
    CHECK(bob.kind == Element::Kind::Pendulum);
    CHECK(bob.parameters[bob.parameterIndex("l")].value == 2);
    CHECK(bob.parameters[bob.parameterIndex("g")].value == 9.81);
    CHECK(bob.parameters[bob.parameterIndex("m")].value == 1);
    const ElementState& theta = bob.states[bob.stateIndex("theta")];
    CHECK(theta.initial.x == 0.2);
    CHECK(theta.order == 2);
    CHECK(theta.derivative == bob.stateIndex("theta_d1"));
    CHECK(bob.states[bob.stateIndex("theta_d1")].initial.x == 0);
    const Element& ball = script->elements[1];
    CHECK(ball.states[ball.stateIndex("x")].type == ValueType::Vector);
    CHECK(ball.states[ball.stateIndex("x")].initial == Vec2{0, 0});
    CHECK(ball.states[ball.stateIndex("x_d1")].initial == Vec2{1, 1});
    CHECK(ball.parameterIndex("l") == -1);
}

TEST_CASE("Interactions: targets, constants, guard and region", "[analyzer]") {
    const auto script = compileClean(
        "Fall : .gravity target = Ball g = [0, -2];\n"  // the element may come later
        "Ball : .point x_d1 = [1, 1];\n"
        "Wall : .reflection target = Ball guard = Ball.x.x - 1 direction = -1 restitution = 0.5 "
        "region = Ball.x.y < 5;\n"
        "Bob : .pendulum;\n"
        "Swing : .swing target = Bob;\n"
        "Stop : .reflection target = Bob guard = Bob.theta - 0.3 * Bob.l;\n");
    REQUIRE(script->interactions.size() == 4);
    const Interaction& fall = script->interactions[0];
    CHECK(fall.kind == Interaction::Kind::Gravity);
    CHECK(fall.target == 0);
    CHECK(fall.gravity == Vec2{0, -2});
    const Interaction& wall = script->interactions[1];
    CHECK(wall.direction == -1);
    CHECK(wall.restitution == 0.5);
    CHECK(wall.positions == std::vector<uint32_t>{0});
    CHECK(wall.velocities == std::vector<uint32_t>{1});
    REQUIRE(wall.guard);
    CHECK(wall.guard->type == ValueType::Scalar);
    REQUIRE(wall.region);
    CHECK(wall.region->op == ExprOp::Less);
    CHECK(wall.region->type == ValueType::Boolean);
    const Interaction& stop = script->interactions[3];
    CHECK(stop.target == 1);
    CHECK(stop.positions == std::vector<uint32_t>{0});  // theta
    CHECK(stop.velocities == std::vector<uint32_t>{1});
    CHECK_FALSE(stop.region);
    CHECK(script->interactions[2].kind == Interaction::Kind::Swing);
}

TEST_CASE("Resets: element, state, value and step", "[analyzer]") {
    const auto script = compileClean(
        "Ball : .point;\nA : .bar P = [0,0];\n@0 A.P = Ball.x;\n@1 Ball.x_d1 := [3, T];\n");
    REQUIRE(script->resets.size() == 1);
    const Reset& kick = script->resets[0];
    CHECK(kick.element == 0);
    CHECK(kick.state == 1);
    CHECK(kick.step == 1);
    CHECK(kick.value->type == ValueType::Vector);
    CHECK(script->steps[1].resets == std::vector<uint32_t>{0});
}

TEST_CASE("A missing image still gives a model, and other errors do not", "[analyzer]") {
    const CompileResult missing = compile("A : 'absent.png' P = [0,0];\n@0 A.P = [1,1];\n");
    REQUIRE(missing.script);
    CHECK(missing.script->things[0].imageMissing);
    CHECK(missing.diagnostics.size() == 1);
    const CompileResult broken = compile("A : 'absent.png' P = [0,0];\n@0 A.Z = [1,1];\n");
    CHECK_FALSE(broken.script);
    CHECK(broken.diagnostics.size() == 2);
}

TEST_CASE("Visuals: the class visual at the canvas centre unless the element says otherwise",
          "[analyzer][visual]") {
    const auto script = compileClean(
        ".config(25, 400, 300);\n"
        "Bob : .pendulum;\n"
        "Ball : .point visual = none origin = [10, 20 + 5] scale = 2 * 15;\n"
        "Disc : .point visual = 'crank.png' m = 2;\n"
        "@0\n");
    const ElementVisual& bob = script->elements[0].visual;
    CHECK(bob.kind == ElementVisual::Kind::Class);
    CHECK(bob.origin == Vec2{200, 150});
    CHECK(bob.scale == 100);
    CHECK(bob.toCanvas({1, -0.5}) == Vec2{300, 100});
    const ElementVisual& ball = script->elements[1].visual;
    CHECK(ball.kind == ElementVisual::Kind::None);
    CHECK(ball.origin == Vec2{10, 25});
    CHECK(ball.scale == 30);
    const ElementVisual& disc = script->elements[2].visual;
    CHECK(disc.kind == ElementVisual::Kind::Image);
    CHECK(disc.imageFile == "crank.png");
    CHECK(disc.imagePath == kExamples + "/crank.png");
    CHECK_FALSE(disc.imageMissing);
    CHECK(script->elements[2].parameters[0].value == 2);
}

TEST_CASE("A visual's missing image is an image-file error that still gives a model",
          "[analyzer][visual]") {
    const CompileResult missing = compile("Bob : .pendulum visual = 'absent.png';\n@0\n");
    REQUIRE(missing.script);
    CHECK(missing.script->elements[0].visual.imageMissing);
    REQUIRE(missing.diagnostics.size() == 1);
    CHECK(missing.diagnostics[0].kind == DiagnosticKind::ImageFile);
    CHECK(missing.script->source->slice(missing.diagnostics[0].range) == "'absent.png'");
    CHECK(firstDiagnostic("Bob : .pendulum color = 'red';\n@0\n") ==
          "1:17: unknown property 'color' of a pendulum (it has theta, theta_d1, m, g, l, pivot, "
          "visual, "
          "origin, scale)");
}

TEST_CASE("Diagnostics of parser and analyzer come in source order", "[analyzer]") {
    const CompileResult result =
        compile("A : .bar P = [0,0];\n@0 A.Z = [1,1];\n@1 A.P = ;\n@2 A.Y = 1;\n");
    REQUIRE(result.diagnostics.size() == 3);
    for (size_t i = 1; i < result.diagnostics.size(); ++i)
        CHECK(result.diagnostics[i - 1].range.begin <= result.diagnostics[i].range.begin);
}

TEST_CASE("Each kind of mistake is reported where it is", "[analyzer]") {
    const std::pair<const char*, const char*> cases[] = {
        // names
        {"A : .bar P = [0,0];\nA : .bar P = [0,0];", "2:1: A is already defined at 1:1"},
        {"pi : .bar P = [0,0];", "1:1: pi is a reserved name"},
        {"A : .bar P = [0,0];\n@0 A.Q = [0,0];", "2:6: unknown anchor 'Q' of A"},
        {"A : .bar P = [0,0];\n@0 A.P = [sqrt, 0];", "2:11: sqrt is a function"},
        {"A : .bar P = [0,0];\n@0 A.P = B.P;", "2:10: unknown thing or element 'B'"},
        {"B : .pendulum;\nA : .bar P = [0,0];\n@0 A.P.x = B.q;",
         "3:14: unknown state or parameter 'q' of B"},
        // types
        {"A : .bar P = [0,0];\n@0 A.P = [x, 1]; x = A.P;",
         "2:18: x is a vector here but a scalar at 2:11"},
        {"A : .bar P = [0,0];\n@0 A.P = A.P - 1;", "2:14: cannot subtract a scalar from a vector"},
        {"A : .bar P = [0,0];\n@0 A.P = 2 * A.P * A.P;", "2:18: cannot multiply two vectors"},
        {"A : .bar P = [0,0];\n@0 A.P.x = A.P;", "2:10: both sides of = must have the same type"},
        {"A : .bar P = [0,0];\n@0 A.P >= 1;",
         "2:4: each side of >= must be a scalar, not a vector"},
        {"A : .bar P = [0,0];\n@0 A.P.x = atan2(1);", "2:12: atan2 takes 2 arguments, not 1"},
        {"A : .bar P = [0,0];\n@0 A.P.x = dot(A.P, 1);",
         "2:21: argument 2 of dot must be a vector, not a scalar"},
        {"A : .bar P = [0,0];\n@0 A.P = lerp(A.P, 1, 0.5);",
         "2:20: the first two arguments of lerp must have the same type"},
        {"A : .bar P = [0,0];\n@0 A.P.x = A.P.w;", "2:16: unknown member .w"},
        {"A : .bar P = [0,0];\n@0 A.P = A.P.spin(1);", "2:14: unknown method .spin()"},
        {"A : .bar P = [0,0];\n@0 A.P = A.P.rotate(1, 2);", "2:10: .rotate takes 1 argument"},
        // definitions
        {"A : .bar P = Q Q = [0,0];", "1:14: anchor Q is defined later in A"},
        {"A : .bar width = 2;", "1:1: A needs at least one anchor"},
        {"A : 'absent.png' P = [0,0];", "1:5: image file 'absent.png' not found"},
        {".config(25, -640, 360);", "1:13: the width must be greater than 0"},
        {"B : .pendulum m = 0;", "1:19: m must be greater than 0"},
        {"B : .point theta = 1;", "1:12: unknown property 'theta' of a point"},
        {"B : .point;\nW : .reflection target = B guard = B.x.x restitution = -0.5;",
         "2:56: restitution must be between 0 and 1"},
        {"B : .point;\nW : .reflection target = B guard = B.x.x direction = 0.5;",
         "2:54: direction must be -1, 0 or 1"},
        {"B : .point;\nW : .reflection target = B guard = B.x.x velocities = [x, x_d1];",
         "2:55: positions and velocities must be equally many (1 and 2)"},
        {"B : .point;\nW : .reflection target = B guard = B.x.x positions = m;",
         "2:54: positions must name states of B"},
        {"B : .point;\nW : .reflection target = B guard = B.x.x + B.x_d1.x;",
         "2:44: a guard cannot read B.x_d1"},
        {"B : .point;\nW : .reflection target = B guard = B.x;",
         "2:36: a guard must be a scalar, not a vector"},
        {"B : .point;\nW : .reflection target = B;", "2:1: W needs a guard"},
        {"B : .point;\nS : .swing target = B;", "2:21: the target of a swing cannot be B"},
        // steps
        {"A : .bar P = [0,0];\n@1 A.P = [0,0];\n@0.5",
         "3:1: this marker (0.5 s) is earlier than the one before it (1 s)"},
        {"B : .point;\n@0 B.m := 1;", "2:6: m is a parameter of B"},
        {"B : .point;\n@0 B.x := [t, 0];", "2:12: a reset cannot read t"},
    };
    for (const auto& [script, expected] : cases) {
        INFO(script);
        const std::string actual = firstDiagnostic(script);
        CHECK(actual.substr(0, std::string(expected).size()) == expected);
    }
}

TEST_CASE("Markers: absolute, relative, and equal within the tolerance", "[analyzer]") {
    const auto script = compileClean("@+1.5\n@+0.5\n@4\n@3.9999999999\n@+0\n");
    REQUIRE(script->steps.size() == 5);
    CHECK(script->steps[0].time == 1.5);  // the first relative marker counts from 0
    CHECK(script->steps[1].time == 2);
    CHECK(script->steps[2].time == 4);
    CHECK(script->steps[3].time == 4);  // 1e-10 s earlier is the same time, kept sorted
    CHECK(script->steps[4].time == 4);
}

TEST_CASE("An anchor's constant arithmetic is the double the same expression gives in a constraint",
          "[analyzer]") {
    // 3 / 10 is 0.3; as 3 × (1/10) it would be 0.30000000000000004, one ulp above.
    const auto script = compileClean(
        "A : .bar P = [3, 9] / 10 Q = [5 / 49, -(9 / 7)];\n"
        "@0 A.P = [0, 0]; A.Q.x = 5 / 49 + T;\n@1\n");
    const Thing& bar = script->things[0];
    CHECK(bar.anchors[0].local.x == 3.0 / 10.0);
    CHECK(bar.anchors[0].local.y == 9.0 / 10.0);
    CHECK(bar.anchors[1].local.x == 5.0 / 49.0);
    CHECK(bar.anchors[1].local.y == -(9.0 / 7.0));
    // The constraint's 5 / 49, evaluated, is the anchor's.
    const Constraint& qx = script->constraints.back();
    TestEnvironment env{*script, {}, std::vector<Pose>(1)};
    CHECK(evaluate<double>(*qx.rhs, env).x == bar.anchors[1].local.x);
}
