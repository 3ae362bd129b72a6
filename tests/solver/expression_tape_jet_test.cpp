// Every operation of the expression tape against ceres::Jet (dual numbers), value and derivative,
// at ordinary points and at the edges of each operation's domain. Jet is the reference because
// it derives each operation's rule independently of the tape's hand-written one; where the two
// disagree on purpose (the tape takes 0 where a derivative does not exist, expression_tape.cpp's
// apply(), and breaks min/max ties as core/model/evaluate.h does) the tape's choice is asserted
// explicitly, so a change to it is a visible decision and not a silent drift.
//
// Each operation runs with its arguments wired in several ways, because the tape takes a
// different gradient path for each: two unknowns, an unknown and a number, the same slot twice
// (x * x), a per-frame input (computed once in setInputs) and a chain through a product, so the
// gradient of an argument that is itself an expression is propagated too.

#include <ceres/jet.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <iterator>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "core/model/evaluate.h"
#include "core/model/frame_plan.h"
#include "expression_builder.h"
#include "jet_check.h"
#include "solver/kinematics/expression_tape.h"
#include "solver/kinematics/segment_problem.h"

using namespace mv;
using Code = ExpressionTape::Code;
using mv::kinematics_test::checkNumber;

namespace {

constexpr int kUnknowns = 3;  // a, b and a scale s that is 1 at every point (see Wiring::Chained)
using J = ceres::Jet<double, kUnknowns>;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

bool isUnary(Code code) {
    switch (code) {
        case Code::Neg:
        case Code::Sqrt:
        case Code::Sin:
        case Code::Cos:
        case Code::Tan:
        case Code::Asin:
        case Code::Acos:
        case Code::Abs:
        case Code::Ease:
            return true;
        default:
            return false;
    }
}

std::string name(Code code) {
    static const char* const names[] = {
        "Neg",     "Add",       "Sub",        "Mul",          "Div",   "Pow",
        "Sqrt",    "Sin",       "Cos",        "Tan",          "Asin",  "Acos",
        "Atan2",   "Abs",       "Min",        "Max",          "Hypot", "Ease",
        "Less",    "LessEqual", "Greater",    "GreaterEqual", "Const", "Input",
        "Unknown", "Reference", "CosWithSin", "SinOfCos",     "Turn"};
    // A new Code must get a name here and a meaning in reference() below.
    static_assert(std::size(names) == size_t(Code::Turn) + 1);
    return names[static_cast<int>(code)];
}

// What each operation means, on dual numbers. Min and Max use ceres' fmin and fmax; the tests
// below keep ties out of the sweep and check them on their own.
J reference(Code code, const J& a, const J& b) {
    switch (code) {
        case Code::Neg:
            return -a;
        case Code::Add:
            return a + b;
        case Code::Sub:
            return a - b;
        case Code::Mul:
            return a * b;
        case Code::Div:
            return a / b;
        case Code::Pow:
            return pow(a, b);
        case Code::Sqrt:
            return sqrt(a);
        case Code::Sin:
        case Code::SinOfCos:
            return sin(a);
        case Code::Cos:
        case Code::CosWithSin:
            return cos(a);
        case Code::Tan:
            return tan(a);
        case Code::Asin:
            return asin(a);
        case Code::Acos:
            return acos(a);
        case Code::Atan2:
            return atan2(a, b);
        case Code::Abs:
            return abs(a);
        case Code::Min:
            return fmin(a, b);
        case Code::Max:
            return fmax(a, b);
        case Code::Hypot:
            return hypot(a, b);
        case Code::Ease:
            // docs/reference.md: 3s² - 2s³ on [0, 1], 0 before and 1 after; written out here so the
            // reference does not come from the operator table under test.
            if (a <= J(0)) return J(0);
            if (a >= J(1)) return J(1);
            return a * a * (J(3) - J(2) * a);
        case Code::Less:
            return J(a < b ? 1 : 0);
        case Code::LessEqual:
            return J(a <= b ? 1 : 0);
        case Code::Greater:
            return J(a > b ? 1 : 0);
        case Code::GreaterEqual:
            return J(a >= b ? 1 : 0);
        case Code::Turn: {  // a moved by whole turns to lie nearest b
            const double turn = 2 * std::numbers::pi;
            return a + J(turn * std::round((b.a - a.a) / turn));
        }
        case Code::Const:
        case Code::Input:
        case Code::Unknown:
        case Code::Reference:
            break;
    }
    return J(kNaN);
}

// How an operation's arguments reach it.
enum class Wiring {
    Unknowns,  // a and b are unknowns 0 and 1
    NumberB,   // b is a number: only a's gradient path
    NumberA,   // a is a number: only b's gradient path
    Same,      // op(a, a): one slot as both arguments
    InputA,    // a is a per-frame input, computed in setInputs(); b an unknown
    Chained,   // a * s and b * s with s = 1: arguments that are expressions over shared unknowns
};

struct Result {
    double value = 0;
    double gradient[kUnknowns] = {0, 0, 0};  // zero where the tape has none (a constant slot)
};

// The tape's value and gradient of `code` at (a, b), its arguments wired as `wiring` says.
Result runTape(Code code, double a, double b, Wiring wiring, const double* trig = nullptr) {
    ExpressionTape tape(kUnknowns);
    int sa = -1, sb = -1;
    switch (wiring) {
        case Wiring::Unknowns:
            sa = tape.unknown(0);
            sb = tape.unknown(1);
            break;
        case Wiring::NumberB:
            sa = tape.unknown(0);
            sb = tape.constant(b);
            break;
        case Wiring::NumberA:
            sa = tape.constant(a);
            sb = tape.unknown(1);
            break;
        case Wiring::Same:
            sa = sb = tape.unknown(0);
            break;
        case Wiring::InputA:
            sa = tape.input(0);
            sb = tape.unknown(1);
            break;
        case Wiring::Chained: {
            const int s = tape.unknown(2);
            sa = tape.binary(Code::Mul, tape.unknown(0), s);
            sb = tape.binary(Code::Mul, tape.unknown(1), s);
            break;
        }
    }
    int out = 0;
    if (code == Code::CosWithSin) {
        out = tape.cosSin(sa).first;
    } else if (code == Code::SinOfCos) {
        out = tape.cosSin(sa).second;
    } else {
        out = isUnary(code) ? tape.unary(code, sa) : tape.binary(code, sa, sb);
    }
    tape.keepOnly({out});
    const double inputs[] = {a};
    tape.setInputs(inputs);
    const double unknowns[kUnknowns] = {a, b, 1};
    tape.evaluate(unknowns, trig, true);
    Result r;
    r.value = tape.value(out);
    if (const double* g = tape.gradient(out))
        for (int j = 0; j < kUnknowns; ++j) r.gradient[j] = g[j];
    return r;
}

// Jet's value and derivatives for the same wiring.
J runJet(Code code, double a, double b, Wiring wiring) {
    const J s(1.0, 2);
    J ja(a, 0), jb(b, 1);
    switch (wiring) {
        case Wiring::Unknowns:
            break;
        case Wiring::NumberB:
            jb = J(b);
            break;
        case Wiring::NumberA:
            ja = J(a);
            break;
        case Wiring::Same:
            jb = ja;
            break;
        case Wiring::InputA:
            ja = J(a);
            break;
        case Wiring::Chained:
            ja = J(a, 0) * s;
            jb = J(b, 1) * s;
            break;
    }
    return reference(code, ja, isUnary(code) ? ja : jb);
}

void checkAgainstJet(Code code, double a, double b, Wiring wiring) {
    const Result tape = runTape(code, a, b, wiring);
    const J jet = runJet(code, a, b, wiring);
    INFO(name(code) << "(" << a << ", " << b << "), wiring " << static_cast<int>(wiring));
    checkNumber(tape.value, jet.a);
    for (int j = 0; j < kUnknowns; ++j) {
        INFO("d/du" << j);
        checkNumber(tape.gradient[j], jet.v[j]);
    }
}

const std::vector<Wiring> kUnaryWirings{Wiring::Unknowns, Wiring::InputA, Wiring::Chained};
const std::vector<Wiring> kBinaryWirings{Wiring::Unknowns, Wiring::NumberB, Wiring::NumberA,
                                         Wiring::Same,     Wiring::InputA,  Wiring::Chained};

void sweepUnary(Code code, const std::vector<double>& points) {
    for (Wiring w : kUnaryWirings)
        for (double a : points) checkAgainstJet(code, a, 0.5, w);
}

// Every pair of points, except where `skip` says the pair is an edge checked on its own.
template <class Skip>
void sweepBinary(Code code, const std::vector<double>& points, Skip skip) {
    for (Wiring w : kBinaryWirings)
        for (double a : points)
            for (double b : points) {
                // With one slot twice, both arguments are a; the edge test is on (a, a).
                const double second = w == Wiring::Same ? a : b;
                if (!skip(a, second)) checkAgainstJet(code, a, second, w);
            }
}

void sweepBinary(Code code, const std::vector<double>& points) {
    sweepBinary(code, points, [](double, double) { return false; });
}

}  // namespace

TEST_CASE("tape arithmetic matches Jet", "[solver][tape][jet]") {
    for (Code code : {Code::Add, Code::Sub, Code::Mul})
        sweepBinary(code, {-7.5, -1, 0, 0.3, 2, 1e8});
    sweepUnary(Code::Neg, {-3, 0, 2.5});
    // Division by zero is not a number on either side, and no choice is documented for it;
    // denominators near 1e-300 are the test after the next.
    sweepBinary(Code::Div, {-7.5, -2, -1, -0.3, 0.25, 0.7, 1, 3, 12.5});
}

// Squaring before dividing underflows where Jet does not: Div's slope by b as -a / (b * b) is -inf
// at a = b = 1e-200 where Jet gives -1e200 (and the infinite partial turns the slope by a into
// NaN); hypot as sqrt(a² + b²) is 0 at (1e-200, 0) where it is 1e-200 with slope 1. The tape
// divides twice and uses std::hypot.
TEST_CASE("tape quotients and lengths do not underflow at tiny magnitudes", "[solver][tape][jet]") {
    checkAgainstJet(Code::Div, 1e-200, 1e-200, Wiring::Unknowns);
    checkAgainstJet(Code::Hypot, 1e-200, 0, Wiring::Unknowns);
}

TEST_CASE("tape trigonometry matches Jet", "[solver][tape][jet]") {
    const std::vector<double> angles{-7, -M_PI, -M_PI / 2, -1, 0, 1e-9, 0.5, M_PI / 3, 2, M_PI, 20};
    for (Code code : {Code::Sin, Code::Cos, Code::CosWithSin, Code::SinOfCos})
        sweepUnary(code, angles);
    // Close to the poles tan' = 1 + tan² is huge, and must still be the same huge number.
    sweepUnary(Code::Tan, {-1.5, -1, 0, 0.5, 1.2, M_PI / 2 - 1e-6, M_PI / 2 + 1e-6});
    // Up to one ulp from ±1, where 1/sqrt(1 - a²) is about 7e7.
    const double nearOne = std::nextafter(1.0, 0.0);
    const std::vector<double> inside{-nearOne, -(1 - 1e-9), -0.9, -0.5,     0,
                                     1e-12,    0.5,         0.9,  1 - 1e-9, nearOne};
    sweepUnary(Code::Asin, inside);
    sweepUnary(Code::Acos, inside);
    // atan2 in all four quadrants, on the axes, and next to the origin; the origin is an edge.
    sweepBinary(Code::Atan2, {-3, -1e-8, 0, 1e-8, 0.5, 4},
                [](double a, double b) { return a == 0 && b == 0; });
}

TEST_CASE("tape roots, powers, lengths and abs match Jet away from their edges",
          "[solver][tape][jet]") {
    sweepUnary(Code::Sqrt, {1e-300, 1e-12, 0.5, 1, 2, 1e10});
    sweepUnary(Code::Abs, {-5, -1e-300, 1e-300, 2});
    sweepBinary(Code::Hypot, {-3, -1e-8, 0, 1e-8, 0.5, 4},
                [](double a, double b) { return a == 0 && b == 0; });
    // Positive bases with any exponent, and 0 with exponents of at least 1 (Jet's cases 2 and 3,
    // which the tape's general rule reproduces: 1 * 0^0 = 1 and 2 * 0^1 = 0).
    sweepBinary(Code::Pow, {0.25, 1, 2.5, 7}, [](double, double) { return false; });
    sweepBinary(Code::Pow, {-2, -0.5, 0, 0.5, 3}, [](double a, double) { return a <= 0; });
    for (double e : {1.0, 1.5, 2.0, 3.0}) {
        checkAgainstJet(Code::Pow, 0, e, Wiring::Unknowns);
        checkAgainstJet(Code::Pow, 0, e, Wiring::NumberB);
    }
    // A negative base with a whole exponent that is a number: Jet's case 7, a finite derivative.
    for (double base : {-2.0, -0.5, -3.0})
        for (double e : {-2.0, 1.0, 2.0, 3.0}) checkAgainstJet(Code::Pow, base, e, Wiring::NumberB);
}

TEST_CASE("tape min, max, ease and comparisons match Jet", "[solver][tape][jet]") {
    const std::vector<double> points{-4, -1, 0, 0.2, 0.5, 0.8, 1, 1.5};
    // Ties are where the two differ on purpose (the next test); next to a tie they must agree.
    const auto tie = [](double a, double b) { return a == b; };
    sweepBinary(Code::Min, points, tie);
    sweepBinary(Code::Max, points, tie);
    for (Code code : {Code::Min, Code::Max}) {
        checkAgainstJet(code, 0.5, std::nextafter(0.5, 1.0), Wiring::Unknowns);
        checkAgainstJet(code, std::nextafter(0.5, 1.0), 0.5, Wiring::Unknowns);
    }
    // Ease is smooth at 0 and 1 (its slope is 0 on both sides), so it has no edge to document.
    sweepUnary(Code::Ease, {-1, 0, 1e-9, 0.25, 0.5, 0.9, 1 - 1e-9, 1, 2});
    // Comparisons are 1 or 0 and carry no derivative; ties included.
    for (Code code : {Code::Less, Code::LessEqual, Code::Greater, Code::GreaterEqual})
        sweepBinary(code, points);
}

TEST_CASE("the tape takes 0 where a derivative does not exist", "[solver][tape][jet]") {
    SECTION("abs at 0: 0, the middle of the one-sided slopes -1 and 1 (Jet: copysign, ±1)") {
        for (double zero : {0.0, -0.0}) {
            const Result r = runTape(Code::Abs, zero, 0, Wiring::Unknowns);
            CHECK(r.value == 0);
            CHECK(r.gradient[0] == 0);
            CHECK(std::abs(runJet(Code::Abs, zero, 0, Wiring::Unknowns).v[0]) == 1);
        }
    }
    SECTION("sqrt at 0: 0 where Jet has an infinite slope") {
        const Result r = runTape(Code::Sqrt, 0, 0, Wiring::Unknowns);
        CHECK(r.value == 0);
        CHECK(r.gradient[0] == 0);
        CHECK(runJet(Code::Sqrt, 0, 0, Wiring::Unknowns).v[0] == kInf);
    }
    SECTION("asin and acos at ±1: 0 where Jet has an infinite slope; outside [-1, 1] no value") {
        for (Code code : {Code::Asin, Code::Acos}) {
            for (double edge : {-1.0, 1.0}) {
                INFO(name(code) << "(" << edge << ")");
                const Result r = runTape(code, edge, 0, Wiring::Unknowns);
                CHECK(r.value == Approx(code == Code::Asin ? std::asin(edge) : std::acos(edge)));
                CHECK(r.gradient[0] == 0);
                CHECK_FALSE(std::isfinite(runJet(code, edge, 0, Wiring::Unknowns).v[0]));
            }
            const Result outside = runTape(code, 1.5, 0, Wiring::Unknowns);
            CHECK(std::isnan(outside.value));
            CHECK(outside.gradient[0] == 0);
        }
    }
    SECTION("hypot and atan2 at the origin: 0 where Jet divides 0 by 0") {
        for (Code code : {Code::Hypot, Code::Atan2}) {
            INFO(name(code));
            for (Wiring w : {Wiring::Unknowns, Wiring::Same, Wiring::Chained}) {
                const Result r = runTape(code, 0, 0, w);
                CHECK(r.value == 0);
                for (double d : r.gradient) CHECK(d == 0);
                CHECK(std::isnan(runJet(code, 0, 0, Wiring::Unknowns).v[0]));
            }
        }
    }
    SECTION("pow with a base of 0 or less: 0 by the exponent, where the slope has no real value") {
        // A negative base with a whole exponent: by the base it is Jet's finite slope, by the
        // exponent 0, where Jet (case 8) gives NaN because a^b leaves the reals as b moves.
        for (double base : {-2.0, -0.5}) {
            for (double e : {2.0, 3.0}) {
                INFO("pow(" << base << ", " << e << ")");
                const Result r = runTape(Code::Pow, base, e, Wiring::Unknowns);
                const J jet = runJet(Code::Pow, base, e, Wiring::Unknowns);
                CHECK(r.value == jet.a);
                CHECK(r.gradient[0] == Approx(jet.v[0]));
                CHECK(r.gradient[1] == 0);
                CHECK(std::isnan(jet.v[1]));
            }
        }
        // A base of 0 and an exponent of at least 1 is Jet's cases 2 and 3, in the sweep; below
        // 1, the next section.
        // A negative base with a fractional exponent has no real value on either side.
        CHECK(std::isnan(runTape(Code::Pow, -2, 0.5, Wiring::Unknowns).value));
    }
    SECTION("pow at 0 with an exponent in (0, 1): an infinite slope by the base, like Jet") {
        // Unlike sqrt at 0 (slope taken as 0) the tape's general rule b * a^(b-1) gives +inf
        // here; pow(x, 0.5) and sqrt(x) then differ at x = 0. Asserted as it is so a change is
        // deliberate (reported: the two should probably agree on 0).
        // Jet has no number there either (inf * 1 + NaN * 0 is NaN).
        for (double e : {0.5, 0.25}) {
            const Result r = runTape(Code::Pow, 0, e, Wiring::NumberB);
            CHECK(r.value == 0);
            CHECK(r.gradient[0] == kInf);
            CHECK_FALSE(std::isfinite(runJet(Code::Pow, 0, e, Wiring::NumberB).v[0]));
            // With the exponent an unknown too, the slope by the exponent is 0 * log 0 in Jet
            // and inf * 0 in the tape (the base's infinite partial times the exponent's zero
            // gradient entry): NaN in both, although the tape means 0 there (a <= 0).
            const Result both = runTape(Code::Pow, 0, e, Wiring::Unknowns);
            CHECK(std::isnan(both.gradient[1]));
            CHECK(std::isnan(runJet(Code::Pow, 0, e, Wiring::Unknowns).v[1]));
        }
        const Result root = runTape(Code::Sqrt, 0, 0, Wiring::Unknowns);
        CHECK(root.gradient[0] == 0);
    }
}

TEST_CASE("min and max break ties toward their first argument, as core/model/evaluate.h does",
          "[solver][tape][jet]") {
    // At a tie min and max have no derivative; the tape follows the first argument, so the
    // tape and the recursive evaluator agree (ceres::fmin also keeps the first on a tie,
    // ceres::fmax the second).
    for (double v : {-1.0, 0.0, 2.5}) {
        for (Code code : {Code::Min, Code::Max}) {
            INFO(name(code) << " tie at " << v);
            const Result r = runTape(code, v, v, Wiring::Unknowns);
            CHECK(r.value == v);
            CHECK(r.gradient[0] == 1);
            CHECK(r.gradient[1] == 0);
            const J a(v, 0), b(v, 1);
            // What core/model/evaluate.h computes: the table's operator on Jets.
            const J evaluator =
                applyScalar<J>(code == Code::Min ? ScalarOp::Min : ScalarOp::Max, a, b);
            CHECK(evaluator.v[0] == 1);
            CHECK(evaluator.v[1] == 0);
            // One slot twice: both paths are the same unknown, the slope is 1.
            CHECK(runTape(code, v, v, Wiring::Same).gradient[0] == 1);
        }
        CHECK(fmin(J(v, 0), J(v, 1)).v[0] == 1);
        CHECK(fmax(J(v, 0), J(v, 1)).v[1] == 1);
    }
}

TEST_CASE("cos and sin from one sincos agree with Jet, from the shared table too",
          "[solver][tape][jet]") {
    for (double angle : {-2.0, 0.0, 0.7, M_PI}) {
        INFO("angle " << angle);
        // The problem passes each pose angle's cos and sin in `trig` ([2j], [2j+1]); the tape
        // must read them from there and still give the right slopes.
        const double trig[2 * kUnknowns] = {std::cos(angle), std::sin(angle), 0, 0, 0, 0};
        for (Code code : {Code::CosWithSin, Code::SinOfCos}) {
            const Result shared = runTape(code, angle, 0, Wiring::Unknowns, trig);
            const J jet = runJet(code, angle, 0, Wiring::Unknowns);
            CHECK(shared.value == Approx(jet.a).margin(1e-15));
            CHECK(shared.gradient[0] == Approx(jet.v[0]).margin(1e-15));
        }
        // Only the sine kept: its cosine, which computes the pair, must still run.
        ExpressionTape tape(1);
        const auto [c, s] = tape.cosSin(tape.unknown(0));
        tape.keepOnly({s});
        // The cosine is live again (it computes the pair), so the angle's sincos is read.
        CHECK(tape.trigUnknowns() == std::vector<uint32_t>{0});
        tape.evaluate(&angle, nullptr, true);
        CHECK(tape.value(s) == Approx(std::sin(angle)).margin(1e-15));
        CHECK(tape.gradient(s)[0] == Approx(std::cos(angle)).margin(1e-15));
        (void)c;
    }
    // A number as the angle: folded to two constants, no gradient.
    ExpressionTape tape(1);
    const auto [c, s] = tape.cosSin(tape.constant(0.3));
    CHECK(tape.value(c) == Approx(std::cos(0.3)));
    CHECK(tape.value(s) == Approx(std::sin(0.3)));
    CHECK(tape.gradient(c) == nullptr);
}

TEST_CASE("a turning angle moves by whole turns to lie nearest its reference", "[tape]") {
    // Its reference is the value at the frame before (expression_tape.h, Code::Turn); without one
    // the angle stays as atan2 gives it. The slope is the angle's: whole turns are constants.
    ExpressionTape tape(1);
    const int held = tape.reference();
    const int out = tape.binary(Code::Turn, tape.unknown(0), held);
    tape.keepOnly({out});
    const double none[] = {0};
    for (double before : {kNaN, 0.0, 7.0, -20.0, 3.2})
        for (double angle : {-3.0, 0.5, 3.1}) {
            INFO("angle " << angle << " after " << before);
            tape.setReference(held, before);
            tape.setInputs(none);
            tape.evaluate(&angle, nullptr, true);
            const J jet = reference(Code::Turn, J(angle, 0), J(before));
            checkNumber(tape.value(out), std::isnan(before) ? angle : jet.a);
            if (!std::isnan(before)) CHECK(std::abs(tape.value(out) - before) <= std::numbers::pi);
            CHECK(tape.gradient(out)[0] == 1);
        }
}
