// The functions the tape has no instruction for (clamp, lerp, dot, cross, the angle between two
// vectors, a vector's angle) as TapeCompiler in segment_problem.cpp builds them from Min/Max,
// Mul/Add/Sub and Atan2, against core/model/evaluate.h's definitions run on Jet (ceres::Jet, dual
// numbers). The evaluator chains a Jet through the operator table's partials, so what this checks
// is the composition, each function built from instructions against its definition; each
// instruction's own rule is checked against ceres' own functions in expression_tape_jet_test.cpp.

#include <ceres/jet.h>
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "core/model/evaluate.h"
#include "core/model/frame_plan.h"
#include "expression_builder.h"
#include "jet_check.h"
#include "solver/kinematics/segment_problem.h"

using namespace mv;

namespace {

using namespace mv::kinematics_test;

constexpr int kProblemUnknowns = 7;  // v (2), w (2), s, lo, hi
using PJ = ceres::Jet<double, kProblemUnknowns>;

struct JetEnvironment {
    const Script& script;
    std::vector<int> offset;  // by VariableId
    const std::vector<double>& x;

    PJ unknown(int i) const { return PJ(x[size_t(i)], i); }
    Value<PJ> variable(uint32_t index) const {
        const int o = offset[index];
        if (script.variables[index].type == ValueType::Vector) return {unknown(o), unknown(o + 1)};
        return {unknown(o), PJ(0)};
    }
    Value<PJ> anchor(uint32_t, uint32_t) const { return {}; }
    Value<PJ> state(uint32_t, uint32_t) const { return {}; }
    double parameter(uint32_t, uint32_t) const { return 0; }
    double localTime() const { return 0; }
    double absoluteTime() const { return 0; }
    double stepLength() const { return 0; }
};

struct CompiledFunctions {
    std::shared_ptr<const Script> script;
    FramePlan plan;
    std::unique_ptr<SegmentProblem> problem;
    std::vector<int> offset;
    int v = 0, w = 0, s = 0, lo = 0, hi = 0;  // offsets of the unknowns in x

    CompiledFunctions() {
        ScriptBuilder b;
        b.step(0);
        const auto vv = b.variable("v", ValueType::Vector), ww = b.variable("w", ValueType::Vector);
        const auto ss = b.variable("s"), low = b.variable("lo"), high = b.variable("hi");
        const auto scalar = [](ExprOp op, std::vector<ExpressionPtr> args) {
            return node(op, ValueType::Scalar, std::move(args));
        };
        b.equal(scalar(ExprOp::Clamp, {ss, low, high}), num(0));
        b.equal(node(ExprOp::Lerp, ValueType::Vector, {vv, ww, ss}), vec(0, 0));
        b.equal(scalar(ExprOp::Lerp, {low, high, ss}), num(0));
        b.equal(scalar(ExprOp::Dot, {vv, ww}), num(0));
        b.equal(scalar(ExprOp::Cross, {vv, ww}), num(0));
        b.equal(scalar(ExprOp::AngleBetween, {vv, ww}), num(0));
        b.equal(scalar(ExprOp::Angle, {vv}), num(0));
        script = b.build();
        plan = planFrames(*script);
        problem = std::make_unique<SegmentProblem>(*script, plan.segments[0]);
        problem->setInputs({0, 0, 0});
        offset.assign(script->variables.size(), -1);
        for (const UnknownBlock& block : problem->blocks()) offset[block.variable] = block.offset;
        v = offset[0], w = offset[1], s = offset[2], lo = offset[3], hi = offset[4];
    }

    // x from the named values, in the problem's order.
    std::vector<double> point(Vec2 vv, Vec2 ww, double ss, double low, double high) const {
        std::vector<double> x(kProblemUnknowns);
        x[size_t(v)] = vv.x, x[size_t(v + 1)] = vv.y, x[size_t(w)] = ww.x, x[size_t(w + 1)] = ww.y;
        x[size_t(s)] = ss, x[size_t(lo)] = low, x[size_t(hi)] = high;
        return x;
    }

    // Residuals and the column-major Jacobian.
    void evaluate(const std::vector<double>& x, std::vector<double>& r, std::vector<double>& j) {
        const int m = problem->residualCount();
        r.assign(size_t(m), 0);
        j.assign(size_t(m * kProblemUnknowns), 0);
        problem->evaluate(x.data(), r.data(), j.data());
    }
    double slope(const std::vector<double>& j, int row, int unknown) const {
        return j[size_t(unknown * problem->residualCount() + row)];
    }
};

}  // namespace

TEST_CASE("clamp, lerp, dot, cross and angles compile to the tape as Jet evaluates them",
          "[solver][tape][jet]") {
    CompiledFunctions f;
    REQUIRE(f.problem->unknownCount() == kProblemUnknowns);
    REQUIRE(f.problem->residualCount() == 8);
    const std::vector<std::vector<double>> points{
        f.point({3, -4}, {0.5, 2}, 0.3, -1, 1),       // s inside [lo, hi]
        f.point({-2, 1}, {-7, -0.5}, 2.5, -1, 1),     // s above hi
        f.point({1e-3, 2}, {4, 1e-3}, -3, -1, 1),     // s below lo
        f.point({1, 0}, {-1, 1e-12}, 0.5, 2, 1),      // lo > hi: clamp gives lo; w nearly -v
        f.point({2, 3}, {4, 6}, 0, 0, 0),             // v parallel to w: cross 0
        f.point({0, 5}, {3, 0}, 1, -2, 4),            // v perpendicular to w: dot 0
        f.point({-3, -1e-9}, {-3, 1e-9}, 0.7, 0, 1),  // v and w on both sides of the -x axis
    };
    std::vector<double> r, j;
    for (size_t p = 0; p < points.size(); ++p) {
        const std::vector<double>& x = points[p];
        f.evaluate(x, r, j);
        const JetEnvironment env{*f.script, f.offset, x};
        for (const CompiledConstraint& c : f.problem->constraints()) {
            const Constraint& constraint = f.script->constraints[c.id];
            const Value<PJ> lhs = evaluate<PJ>(*constraint.lhs, env);
            for (int k = 0; k < c.residualCount; ++k) {
                const PJ expected = k == 0 ? lhs.x : lhs.y;
                const int row = c.firstResidual + k;
                INFO("point " << p << ", constraint " << c.id << ", component " << k);
                checkNumber(r[size_t(row)], expected.a);
                for (int u = 0; u < kProblemUnknowns; ++u) {
                    INFO("unknown " << u);
                    checkNumber(f.slope(j, row, u), expected.v[u]);
                }
            }
        }
    }
}

TEST_CASE("compiled clamp and angles at their edges", "[solver][tape][jet]") {
    CompiledFunctions f;
    std::vector<double> r, j;
    constexpr int clampRow = 0;
    SECTION("clamp on its upper bound follows s, on its lower bound follows lo") {
        // clamp(s, lo, hi) = max(lo, min(s, hi)): each tie goes to the first argument.
        f.evaluate(f.point({1, 1}, {1, 1}, 1, -1, 1), r, j);
        CHECK(r[clampRow] == 1);
        CHECK(f.slope(j, clampRow, f.s) == 1);
        CHECK(f.slope(j, clampRow, f.hi) == 0);
        f.evaluate(f.point({1, 1}, {1, 1}, -1, -1, 1), r, j);
        CHECK(r[clampRow] == -1);
        CHECK(f.slope(j, clampRow, f.lo) == 1);
        CHECK(f.slope(j, clampRow, f.s) == 0);
    }
    SECTION("the angle of or between zero vectors is 0 with slope 0, on Jets too") {
        constexpr int angleBetweenRow = 6, angleRow = 7;
        const std::vector<double> x = f.point({0, 0}, {2, 1}, 0.5, 0, 1);
        f.evaluate(x, r, j);
        const JetEnvironment env{*f.script, f.offset, x};
        for (int row : {angleBetweenRow, angleRow}) {
            INFO("row " << row);
            CHECK(r[size_t(row)] == 0);
            for (int u = 0; u < kProblemUnknowns; ++u) CHECK(f.slope(j, row, u) == 0);
            const Constraint& c = f.script->constraints[size_t(row - 1)];
            // The evaluator chains Jets through the same partials (core/model/scalar_operator.h),
            // where ceres' own atan2 would give NaN.
            CHECK(evaluate<PJ>(*c.lhs, env).x.v[f.v] == 0);
        }
    }
}
