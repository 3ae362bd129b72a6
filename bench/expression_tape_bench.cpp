// Residuals and the dense Jacobian of the crank-slider's constraints, two ways: the flat tape with
// hand-written forward derivatives (what the solver uses) and core/model/evaluate.h's recursive
// evaluator on ceres::Jet (dual numbers carrying all 12 partial derivatives). Same numbers, so the
// faster one was chosen; the figures are in docs/performance.md.

#include <benchmark/benchmark.h>
#include <ceres/jet.h>

#include <vector>

#include "bench/bench_scripts.h"
#include "core/model/evaluate.h"
#include "core/model/frame_plan.h"
#include "solver/kinematics/segment_problem.h"

namespace {

using namespace mv;

constexpr int kUnknowns = 12;  // 3 poses and c, x, _
using Jet = ceres::Jet<double, kUnknowns>;

// The leaves of core/model/evaluate.h as Jets over the problem's unknowns.
struct JetEnvironment {
    const Script& script;
    const SegmentProblem& problem;
    const std::vector<double>& x;
    std::vector<int> poseOffset, variableOffset;
    double t = 0.5;

    Jet unknown(int i) const { return Jet(x[size_t(i)], i); }
    Value<Jet> variable(uint32_t index) const {
        const int o = variableOffset[index];
        if (script.variables[index].type == ValueType::Vector) return {unknown(o), unknown(o + 1)};
        return {unknown(o), Jet(0)};
    }
    Value<Jet> anchor(uint32_t thing, uint32_t index) const {
        const int o = poseOffset[thing];
        const Jet px = unknown(o), py = unknown(o + 1), a = unknown(o + 2);
        const Vec2 l = script.things[thing].anchors[index].local;
        const Jet c = cos(a), s = sin(a);
        return {px + c * l.x - s * l.y, py + s * l.x + c * l.y};
    }
    Value<Jet> state(uint32_t, uint32_t) const { return {}; }
    double parameter(uint32_t, uint32_t) const { return 0; }
    double localTime() const { return t; }
    double absoluteTime() const { return t; }
    double stepLength() const { return 0; }
};

struct Fixture {
    std::shared_ptr<const Script> script = bench::compileText(bench::crankSlider(2));
    FramePlan plan = planFrames(*script);
    SegmentProblem problem{*script, plan.segments[0]};
    std::vector<double> x = std::vector<double>(size_t(problem.unknownCount()), 0.3);

    Fixture() {
        std::vector<double> inputs{0.5, 0.5, 0};
        problem.setInputs(inputs);
    }
};

void BM_TapeResidualsAndJacobian(benchmark::State& state) {
    Fixture f;
    std::vector<double> r(size_t(f.problem.residualCount())), j(r.size() * f.x.size());
    for (auto _ : state) {
        f.problem.evaluate(f.x.data(), r.data(), j.data());
        benchmark::DoNotOptimize(j.data());
    }
}
BENCHMARK(BM_TapeResidualsAndJacobian);

void BM_JetResidualsAndJacobian(benchmark::State& state) {
    Fixture f;
    if (f.problem.unknownCount() != kUnknowns) {
        state.SkipWithError("unexpected number of unknowns");
        return;
    }
    JetEnvironment env{*f.script, f.problem, f.x, std::vector<int>(f.script->things.size(), -1),
                       std::vector<int>(f.script->variables.size(), -1)};
    for (const UnknownBlock& b : f.problem.blocks()) {
        if (b.kind == UnknownBlock::Kind::Pose) {
            env.poseOffset[b.thing] = b.offset;
        } else {
            env.variableOffset[b.variable] = b.offset;
        }
    }
    std::vector<double> r(size_t(f.problem.residualCount())), j(r.size() * f.x.size());
    for (auto _ : state) {
        size_t row = 0;
        for (ConstraintId id : f.plan.segments[0].constraints) {
            const Constraint& c = f.script->constraints[id];
            const Value<Jet> lhs = evaluate<Jet>(*c.lhs, env), rhs = evaluate<Jet>(*c.rhs, env);
            const int rows = c.lhs->type == ValueType::Vector ? 2 : 1;
            for (int k = 0; k < rows; ++k, ++row) {
                const Jet d = k == 0 ? lhs.x - rhs.x : lhs.y - rhs.y;
                r[row] = d.a;
                for (int u = 0; u < kUnknowns; ++u) j[size_t(u) * r.size() + row] = d.v[u];
            }
        }
        benchmark::DoNotOptimize(j.data());
    }
}
BENCHMARK(BM_JetResidualsAndJacobian);

}  // namespace

BENCHMARK_MAIN();
