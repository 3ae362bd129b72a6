// Deterministic mutation fuzzing of the front end. Seed scripts (the examples of docs/reference.md)
// are mutated by byte flips, deletions, insertions of tokens that upset a parser (`@`, `;`, `[`,
// `/*`, quotes, half a `°`), duplications, truncations and splices of two seeds; every result goes
// through each stage of the pipeline. This program links a copy of core built with ASan and UBSan,
// so a memory error or undefined behaviour fails it; the checks below add what each stage promises:
// it terminates, every range lies within the text, and the tree is well formed.
// The generator is std::mt19937, whose output the standard fixes, so every run sees the same
// inputs.

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/compile.h"
#include "core/text/ast_printer.h"
#include "core/text/lexer.h"
#include "core/text/parser.h"
#include "core/text/printable.h"
#include "core/text/utf8.h"
#include "tests/support/disk_images.h"
#include "tests/support/example_script.h"

using namespace mv;

namespace {

const std::vector<std::string> kSeeds = {
    readExampleScript("pump.movimentum"),
    R"(Frame : .bar A = [0,0] B = [100,0] C = B - [0,50] color = 'orange' width = 3;
Arm : "arm.svg" P = [10, 10] Q = P + [80, 0];
@0 Arm.P = Frame.A + [50, 50]; grip: (Arm.Q - Frame.B).length = 10;
@+1.5 Arm.Q = Arm.P + [l, 0].r((90 + 45)° * ease(t / iv)); l >= 20; l <= 1e2;
@ 3 Arm.Q = _; w = atan2(Arm.Q.y, Arm.Q.x) + 30 deg;
)",
    R"(Bob : .pendulum theta = 0.5 theta_d1 = 0 m = 1 g = 9.81 l = 1;
Ball : .point x = [0,0] x_d1 = [0,0] m = 1;
Swing : .swing target = Bob;
Fall : .gravity target = Ball g = [0,-9.81];
Wall : .reflection target = Ball guard = Ball.x.x - 1 direction = 1 restitution = 1
  region = Ball.x.y < 5 positions = x velocities = x_d1;
Rod : .bar A = [0,0] B = [0,-100];
/* the rod follows the pendulum */
@0 Rod.B = Rod.A + [0,-100].rotate(Bob.theta); Rod.A = [320, 300];
@2 Ball.x_d1 := [3, 0]; s = -2^2 * sqrt(abs(min(1, max(2, 3)))) / .5;
@+2.5E+0 d = dot(Ball.x, [1, 0]) + cross(Ball.x, Ball.x_d1) - clamp(T, 0, 1);
)",
};

const std::vector<std::string> kInsertions = {
    "@",
    "@+",
    ";",
    "[",
    "]",
    "(",
    ")",
    "°",
    "\xC2",
    "\xB0",
    "/*",
    "*/",
    "//",
    "'",
    "\"",
    ":",
    ":=",
    ".",
    "_",
    "_x",
    "deg",
    "1e",
    "1e+",
    ".5",
    ",",
    "^",
    "-",
    "=",
    "<=",
    "\n",
    "\xFF",
    "\xE2\x82",
    "\xF0\x9F\x98\x80",
    "A : .bar",
    "X : 'x.png'",
    ".config(",
    "[_,0]",
    "((((",
    "0",
    "vel(",
    "acc(Rod.A)",
    "pivot = ",
    // Characters a terminal or a line splitter would obey: right-to-left override, line and
    // paragraph separators, a C1 control, an escape sequence.
    "'\xE2\x80\xAE'",
    "\xE2\x80\xA8",
    "\xE2\x80\xA9",
    "\xC2\x9B",
    "\x1B[2J",
};

class Mutator {
public:
    explicit Mutator(uint32_t seed) : m_random(seed) {}

    std::string next() {
        std::string text = kSeeds[pick(kSeeds.size())];
        const size_t steps = 1 + pick(4);
        for (size_t i = 0; i < steps; ++i) mutate(text);
        return text;
    }

private:
    size_t pick(size_t count) { return count == 0 ? 0 : m_random() % count; }

    void mutate(std::string& text) {
        const size_t at = pick(text.size() + 1);
        switch (pick(6)) {
            case 0:
                if (!text.empty()) text[pick(text.size())] = static_cast<char>(m_random() & 0xFF);
                break;
            case 1:
                text.erase(std::min(at, text.size()), 1 + pick(8));
                break;
            case 2:
                text.insert(at, kInsertions[pick(kInsertions.size())]);
                break;
            case 3:
                text.insert(at, text.substr(pick(text.size() + 1), pick(40)));
                break;
            case 4:
                text.resize(at);
                break;
            case 5: {
                const std::string& other = kSeeds[pick(kSeeds.size())];
                text = text.substr(0, at) + other.substr(pick(other.size() + 1));
                break;
            }
        }
    }

    std::mt19937 m_random;
};

bool within(SourceRange range, const SourceText& source) {
    return range.begin <= range.end && range.end <= source.text().size();
}

// A diagnostic as printed is one line of UTF-8 that no terminal or line splitter obeys.
void checkPrinted(const SourceText& source, const Diagnostic& d) {
    const std::string line = formatDiagnostic(source, d);
    if (validUtf8(line) != line) FAIL("a printed diagnostic is not UTF-8: " << printable(line));
    for (const char* obeyed :
         {"\n", "\r", "\x1B", "\xE2\x80\xAE", "\xE2\x80\xA8", "\xE2\x80\xA9", "\xC2\x9B"})
        if (line.find(obeyed) != std::string::npos)
            FAIL("a printed diagnostic holds a raw control: " << printable(line));
}

void checkDiagnostics(const SourceText& source, const std::vector<Diagnostic>& diagnostics) {
    for (const Diagnostic& d : diagnostics) {
        if (!within(d.range, source)) FAIL("diagnostic '" << d.message << "' out of range");
        if (d.message.empty()) FAIL("empty diagnostic message");
        checkPrinted(source, d);
    }
}

// Returns the depth of the tree; fails on a node whose shape later stages could not rely on.
int checkExpr(const SourceText& source, const ast::Expr& expr) {
    if (!within(expr.range, source)) FAIL("expression range out of the text");
    size_t expected = expr.args.size();
    switch (expr.kind) {
        case ast::ExprKind::Vector:
        case ast::ExprKind::Binary:
        case ast::ExprKind::Compare:
            expected = 2;
            break;
        case ast::ExprKind::Unary:
        case ast::ExprKind::Member:
            expected = 1;
            break;
        case ast::ExprKind::Method:
            if (expr.args.empty()) FAIL("method without an object");
            break;
        default:
            break;
    }
    if (expr.args.size() != expected) FAIL("node with " << expr.args.size() << " arguments");
    int depth = 0;
    for (const ast::ExprPtr& arg : expr.args) {
        if (!arg) FAIL("null argument");
        depth = std::max(depth, checkExpr(source, *arg));
    }
    return depth + 1;
}

void checkTree(const SourceText& source, const ast::ExprPtr& expr) {
    if (!expr) FAIL("missing expression");
    if (checkExpr(source, *expr) > kMaxExpressionDepth + 1) FAIL("tree deeper than the limit");
}

void checkScript(const SourceText& source, const ast::Script& script) {
    if (script.config) {
        checkTree(source, script.config->fps);
        checkTree(source, script.config->width);
        checkTree(source, script.config->height);
    }
    for (const auto* definitions : {&script.definitions, &script.misplacedDefinitions}) {
        for (const ast::Definition& def : *definitions) {
            if (!within(def.range, source) || !within(def.nameRange, source))
                FAIL("definition range");
            for (const ast::Property& property : def.properties) checkTree(source, property.value);
        }
    }
    for (const ast::Step& step : script.steps) {
        if (!within(step.markerRange, source)) FAIL("marker range");
        for (const ast::Statement& statement : step.statements) {
            if (statement.kind == ast::Statement::Kind::Reset) {
                checkTree(source, statement.reset.target);
                checkTree(source, statement.reset.value);
            } else {
                checkTree(source, statement.constraint.lhs);
                checkTree(source, statement.constraint.rhs);
                if (!within(statement.constraint.range, source)) FAIL("constraint range");
            }
        }
    }
}

void checkLexer(const SourceText& source) {
    Diagnostics diagnostics;
    const std::vector<Token> tokens = lex(source, diagnostics);
    if (tokens.empty() || tokens.back().kind != TokenKind::EndOfFile) FAIL("no EndOfFile token");
    uint32_t last = 0;
    for (const Token& token : tokens) {
        if (!within(token.range, source) || token.range.begin < last) FAIL("token range");
        last = token.range.end;
    }
    checkDiagnostics(source, diagnostics.list());
}

void checkParser(const SourceText& source) {
    Diagnostics diagnostics;
    const ast::Script script = parse(source, diagnostics);
    checkDiagnostics(source, diagnostics.list());
    checkScript(source, script);
    (void)ast::print(script);
}

// The analyzer's promises on top of the parser's: diagnostics within the text and in source order,
// and a model exactly when there is no error (a missing image is an error that keeps the model,
// and the seeds name images that do not exist in MOVIMENTUM_BINARY_DIR).
void checkCompile(const std::shared_ptr<const SourceText>& source) {
    const CompileResult result = compileScript(source, mv::test::DiskImages(MOVIMENTUM_BINARY_DIR));
    checkDiagnostics(*source, result.diagnostics);
    for (size_t i = 1; i < result.diagnostics.size(); ++i)
        if (result.diagnostics[i].range.begin < result.diagnostics[i - 1].range.begin)
            FAIL("diagnostics out of order");
    const bool onlyImageErrors =
        std::all_of(result.diagnostics.begin(), result.diagnostics.end(), [](const Diagnostic& d) {
            return d.severity != Severity::Error || d.kind == DiagnosticKind::ImageFile;
        });
    if (onlyImageErrors != static_cast<bool>(result.script)) FAIL("model and errors disagree");
}

// Every stage of the front end on one input.
void runPipeline(const std::string& text) {
    const auto source = std::make_shared<const SourceText>("fuzz.movimentum", text);
    checkLexer(*source);
    checkParser(*source);
    checkCompile(source);
}

}  // namespace

TEST_CASE("The seeds themselves parse without errors", "[fuzz]") {
    for (const std::string& seed : kSeeds) {
        const SourceText source("seed", seed);
        Diagnostics diagnostics;
        const ast::Script script = parse(source, diagnostics);
        CHECK(diagnostics.empty());
        CHECK(!script.steps.empty());
        runPipeline(seed);
    }
}

TEST_CASE("Mutated scripts never crash the front end", "[fuzz]") {
    Mutator mutator(20261201);
    for (int i = 0; i < 20000; ++i) runPipeline(mutator.next());
}

TEST_CASE("Every single byte and every byte pair in a statement", "[fuzz]") {
    for (int a = 0; a < 256; ++a) {
        runPipeline(std::string(1, static_cast<char>(a)));
        for (int b = 0; b < 256; ++b)
            runPipeline("@0 x = " + std::string{static_cast<char>(a), static_cast<char>(b)} + ";");
    }
}

TEST_CASE("Pathological nesting and repetition", "[fuzz]") {
    for (const std::string unit : {"(", "[", "-", "[1,", "sin(", "a.", "2^", "1+", "1°", "@", ";",
                                   "/*", "'", "A:", "_", "\xE2\x82"}) {
        std::string text = "@0 x = ";
        for (int i = 0; i < 20000; ++i) text += unit;
        runPipeline(text);
        runPipeline(text + "1;");
    }
}
