// The tape's hand-written derivatives against central finite differences, on a constraint that
// uses every kind of operation the pump and the four-bar need (anchors of a turned thing, rotate,
// length, angle, products, quotients, powers, functions), at a point away from kinks.

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "core/model/evaluate.h"
#include "core/model/frame_plan.h"
#include "expression_builder.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/motion/taylor.h"

using namespace mv;
using namespace mv::kinematics_test;

namespace {

// core/model/evaluate.h's leaves for the test's unknowns: pose (x, y, angle) of thing 0, v, s.
struct DoubleEnvironment {
    const Script& script;
    const std::vector<double>& x;
    Value<double> variable(uint32_t index) const {
        return script.variables[index].type == ValueType::Vector ? Value<double>{x[3], x[4]}
                                                                 : Value<double>{x[5], 0};
    }
    Value<double> anchor(uint32_t thing, uint32_t index) const {
        const Vec2 p = Pose{x[0], x[1], x[2]}.apply(script.things[thing].anchors[index].local);
        return {p.x, p.y};
    }
    Value<double> state(uint32_t, uint32_t) const { return {}; }
    double parameter(uint32_t, uint32_t) const { return 0; }
    double localTime() const { return 0.3; }
    double absoluteTime() const { return 0.3; }
    double stepLength() const { return 0; }
};

}  // namespace

TEST_CASE("the tape's derivatives match finite differences", "[solver][tape]") {
    ScriptBuilder b;
    const ThingId bar = b.thing("Bar", {{"P", {3, -4}}, {"Q", {40, 10}}});
    b.step(0);
    const auto v = b.variable("v", ValueType::Vector);
    const auto s = b.variable("s");
    const auto turned = rotate(b.anchor(bar, "Q") - b.anchor(bar, "P"), s * num(0.7) + time());
    const auto angle = node(ExprOp::Angle, ValueType::Scalar, {turned});
    const auto power = node(ExprOp::Power, ValueType::Scalar, {lengthOf(v), num(1.5)});
    const auto sine = node(ExprOp::Sin, ValueType::Scalar, {xOf(v) * s});
    const auto quotient =
        node(ExprOp::Divide, ValueType::Scalar, {angle, num(2) + yOf(v) * yOf(v)});
    b.equal(turned + v * s, vec(power, sine + quotient));
    b.equal(node(ExprOp::Atan2, ValueType::Scalar, {yOf(b.anchor(bar, "Q")), xOf(v)}),
            node(ExprOp::Sqrt, ValueType::Scalar, {lengthOf(b.anchor(bar, "P") - v)}));
    b.equal(xOf(rotate(v, s)), num(1));  // a variable as the angle: its cos and sin are shared
    const auto script = b.build();
    const FramePlan plan = planFrames(*script);
    SegmentProblem problem(*script, plan.segments[0]);
    problem.setInputs({0.3, 0.3, 0});
    const int n = problem.unknownCount(), m = problem.residualCount();
    REQUIRE(n == 6);
    REQUIRE(m == 4);

    std::vector<double> x{12, -7, 0.4, 5, 9, 0.8};  // pose, then v, then s
    std::vector<double> r(static_cast<size_t>(m)), j(static_cast<size_t>(m * n)), rp(r), rm(r);
    REQUIRE(problem.evaluate(x.data(), r.data(), j.data()));
    // The values agree with the reference evaluator.
    const DoubleEnvironment env{*script, x};
    int row = 0;
    for (const Constraint& c : script->constraints) {
        const auto lhs = evaluate<double>(*c.lhs, env), rhs = evaluate<double>(*c.rhs, env);
        CHECK(r[size_t(row++)] == Approx(lhs.x - rhs.x).margin(1e-12));
        if (c.lhs->type == ValueType::Vector)
            CHECK(r[size_t(row++)] == Approx(lhs.y - rhs.y).margin(1e-12));
    }
    for (int k = 0; k < n; ++k) {
        const double h = 1e-6;
        std::vector<double> xp = x, xm = x;
        xp[size_t(k)] += h;
        xm[size_t(k)] -= h;
        problem.evaluate(xp.data(), rp.data(), nullptr);
        problem.evaluate(xm.data(), rm.data(), nullptr);
        for (int i = 0; i < m; ++i) {
            INFO("residual " << i << ", unknown " << k);
            const double numeric = (rp[size_t(i)] - rm[size_t(i)]) / (2 * h);
            CHECK(j[size_t(k * m + i)] == Approx(numeric).epsilon(1e-6).margin(1e-6));
        }
    }
}

// A block's kernel replays whole constraints and keeps what its rows need: compact() drops the
// rest and the inputs only the rest read, and what is kept computes as before, bit for bit.
TEST_CASE("a compacted tape keeps what its outputs need and computes it alike", "[solver][tape]") {
    using Code = ExpressionTape::Code;
    ExpressionTape tape(2);
    const int t = tape.input(0), drop = tape.input(1), k = tape.input(2);
    const int u = tape.unknown(0), v = tape.unknown(1);
    const auto [c, s] = tape.cosSin(u);
    const int x =
        tape.binary(Code::Add, tape.binary(Code::Mul, v, c), tape.binary(Code::Mul, k, t));
    const int y = tape.binary(Code::Sub, tape.binary(Code::Mul, v, s), drop);  // not kept
    tape.keepOnly({x});
    ExpressionTape full = tape;

    const ExpressionTape::Renumbering to = tape.compact(3);
    CHECK(to.slots[size_t(y)] < 0);
    CHECK(to.inputs == std::vector<int>{0, -1, 1});
    CHECK(tape.size() < full.size());

    const double inputs[] = {0.25, 7.0, -3.0}, kept[] = {0.25, -3.0};
    const double unknowns[] = {0.7, 2.5};
    full.setInputs(inputs);
    full.evaluate(unknowns, nullptr, true);
    tape.setInputs(kept);
    tape.evaluate(unknowns, nullptr, true);
    const int moved = to.slots[size_t(x)];
    CHECK(tape.value(moved) == full.value(x));
    CHECK(tape.gradient(moved)[0] == full.gradient(x)[0]);
    CHECK(tape.gradient(moved)[1] == full.gradient(x)[1]);
}

// A block's kernel writes its inputs straight into their slots, and the rates fill what depends
// on no unknown from the Taylor pass they just made: either way the tape computes what
// setInputs() from an array makes of it, bit for bit. The inputs come after operations on
// earlier ones here, as a kernel's do, where their slots are listed first.
TEST_CASE("a tape's inputs set in place or from another pass compute alike", "[solver][tape]") {
    using Code = ExpressionTape::Code;
    ExpressionTape tape(2);
    const int t = tape.input(0);
    const auto [ct, st] = tape.cosSin(tape.binary(Code::Mul, t, tape.constant(1.3)));
    const int k = tape.input(1);
    const int fixed = tape.binary(Code::Add, tape.binary(Code::Mul, k, ct), st);
    const int u = tape.unknown(0), v = tape.unknown(1);
    const auto [cu, su] = tape.cosSin(u);
    const int out = tape.binary(
        Code::Add, tape.binary(Code::Mul, u, t),  // each input read where an unknown is too
        tape.binary(Code::Sub, tape.binary(Code::Mul, v, cu),
                    tape.binary(Code::Div, fixed, tape.binary(Code::Add, su, k))));
    tape.keepOnly({out});
    const double inputs[] = {0.4, -2.5}, unknowns[] = {0.9, 1.7};
    ExpressionTape fromArray = tape, inPlace = tape, fromTaylor = tape;

    fromArray.setInputs(inputs);
    fromArray.evaluate(unknowns, nullptr, true);

    inPlace.setInput(t, inputs[0]);
    inPlace.setInput(k, inputs[1]);
    inPlace.setInputs();
    inPlace.evaluate(unknowns, nullptr, true);

    const Taylor movingInputs[] = {Taylor(inputs[0], 1, 0.5), Taylor(inputs[1], -0.2, 0)};
    const Taylor stillUnknowns[] = {Taylor(unknowns[0]), Taylor(unknowns[1])};
    std::vector<Taylor> slots(size_t(tape.size()));
    fromTaylor.evaluateIn(movingInputs, stillUnknowns, slots.data());
    fromTaylor.setFixedFrom(slots.data());
    fromTaylor.evaluate(unknowns, nullptr, true);

    for (const ExpressionTape* other : {&inPlace, &fromTaylor}) {
        CHECK(other->value(out) == fromArray.value(out));
        CHECK(other->gradient(out)[0] == fromArray.gradient(out)[0]);
        CHECK(other->gradient(out)[1] == fromArray.gradient(out)[1]);
    }
    CHECK(slots[size_t(out)].v == fromArray.value(out));
}

// Two anchors of a thing are its position plus each one's turned offset, each reading the
// position anew: their difference is the offsets' alone, exactly, however far the thing stands
// from the origin (here 1e17, where adding an offset of 9 to the position loses it).
TEST_CASE("a term both sides of a difference share is left out of it", "[solver][tape]") {
    using Code = ExpressionTape::Code;
    ExpressionTape tape(2);  // a thing's x, and a length
    const auto anchor = [&](double along) {
        return tape.binary(Code::Add, tape.unknown(0),
                           tape.binary(Code::Mul, tape.constant(along), tape.unknown(1)));
    };
    const int q = anchor(30), p = anchor(10);
    const int between = tape.binary(Code::Sub, q, p);
    const int fromOrigin = tape.binary(Code::Sub, q, tape.unknown(0));
    const int toOrigin = tape.binary(Code::Sub, tape.unknown(0), q);
    tape.keepOnly({between, fromOrigin, toOrigin});
    CHECK(tape.dependencies(std::vector<int>{between, fromOrigin, toOrigin}) ==
          std::vector<std::vector<uint32_t>>{{1}, {1}, {1}});

    const double unknowns[] = {1e17, 0.3};
    tape.setInputs();
    tape.evaluate(unknowns, nullptr, true);
    CHECK(tape.value(between) == 30 * 0.3 - 10 * 0.3);
    CHECK(tape.value(fromOrigin) == 30 * 0.3);
    CHECK(tape.value(toOrigin) == -(30 * 0.3));
    CHECK(tape.gradient(between)[0] == 0);
    CHECK(tape.gradient(between)[1] == 20);
}
