// The tape's hand-written derivatives against central finite differences, on a constraint that
// uses every kind of operation the pump and the four-bar need (anchors of a turned thing, rotate,
// length, angle, products, quotients, powers, functions), at a point away from kinks.

#include <catch2/catch.hpp>
#include <cmath>

#include "core/frame_plan.h"
#include "script_builder.h"
#include "solver/kinematics/segment_problem.h"

using namespace mv;
using namespace mv::kinematics_test;

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
    const auto quotient = node(ExprOp::Divide, ValueType::Scalar, {angle, num(2) + yOf(v) * yOf(v)});
    b.equal(turned + v * s, vec(power, sine + quotient));
    b.equal(node(ExprOp::Atan2, ValueType::Scalar, {yOf(b.anchor(bar, "Q")), xOf(v)}),
            node(ExprOp::Sqrt, ValueType::Scalar, {lengthOf(b.anchor(bar, "P") - v)}));
    const auto script = b.build();
    const FramePlan plan = planFrames(*script);
    SegmentProblem problem(*script, plan.segments[0]);
    problem.setInputs({0.3, 0.3, 0});
    const int n = problem.unknownCount(), m = problem.residualCount();
    REQUIRE(n == 6);
    REQUIRE(m == 3);

    std::vector<double> x{12, -7, 0.4, 5, 9, 0.8};  // pose, then v, then s
    std::vector<double> r(static_cast<size_t>(m)), j(static_cast<size_t>(m * n)), rp(r), rm(r);
    REQUIRE(problem.evaluate(x.data(), r.data(), j.data()));
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
