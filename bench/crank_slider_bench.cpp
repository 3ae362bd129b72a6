// Per-frame solve of a crank-slider, Movimentum side by side with SolveSpace's libslvs and with a
// hand-written Newton on the same mechanism (crank radius 30, rod 100, slider on the line through
// the crank centre, crank angle advanced 7.2° per frame, each frame started from the previous
// one). Prints the ratios at the end.

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstring>  // slvs.h uses memset without including it, so it comes first
#include <map>
#include <numbers>

#include <slvs.h>

#include <Eigen/Dense>

#include "bench/bench_scripts.h"
#include "core/model/frame_plan.h"
#include "solver/api/animation.h"
#include "solver/kinematics/segment_solver.h"

namespace {

using namespace mv;

constexpr double kStep = 7.2 * std::numbers::pi / 180;

// The whole animation (1001 frames) through solveAnimation: planning, problem building, freedom
// report and every frame; the time per frame is what the editor pays.
void BM_MovimentumAnimationPerFrame(benchmark::State& state) {
    const auto script = bench::compileText(bench::crankSlider(40));
    const size_t frames = bench::solveEachIteration(state, script);
    state.counters["per_frame"] = bench::timePer(double(frames));
}
BENCHMARK(BM_MovimentumAnimationPerFrame)->Unit(benchmark::kMicrosecond);

// One frame per iteration on a segment problem built once, as solveAnimation runs it.
void BM_MovimentumFrame(benchmark::State& state) {
    const auto script = bench::compileText(bench::crankSlider(40));
    const FramePlan plan = planFrames(*script);
    SegmentModel model(*script, plan.segments[0]);
    SegmentSolver solver(*script, model, SolveOptions{});
    FrameSolution frame;
    for (const Thing& thing : script->things) frame.poses.push_back(thing.initialPose);
    frame.variables.assign(script->variables.size(), Vec2{});
    Frame at = plan.frames[0];
    for (auto _ : state) {
        solver.solveFrame(at, nullptr, Continuity::Smooth, frame);
        if (frame.failed) state.SkipWithError("frame failed");
        at.t += 1 / 25.0;
        at.time += 1 / 25.0;
    }
}
BENCHMARK(BM_MovimentumFrame)->Unit(benchmark::kMicrosecond);

// The floor: Newton's method written for this one mechanism, with its Jacobian by hand, in
// fixed-size Eigen matrices (no allocation, no tape, no sparsity bookkeeping, no retries), stopped
// as Movimentum's solver stops, when no residual is above 1e-9. The pin follows from the crank
// angle, so the unknowns are the rod's angle and the slider's x: two equations, Rod.B on the
// slider's line. Every frame starts from the previous frame's solution, not from an
// extrapolation, so it takes as many iterations as a plain Newton needs at 7.2° per frame.
class HandNewtonCrankSlider {
public:
    // Solves the frame at crank angle `angle`; returns the Newton steps taken, -1 when it did
    // not converge.
    int solve(double angle) {
        const double ax = kCentreX + kCrank * std::cos(angle);
        const double ay = kCentreY + kCrank * std::sin(angle);
        for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
            const double c = std::cos(m_x[0]), s = std::sin(m_x[0]);
            const Eigen::Vector2d r(ax + kRod * c - m_x[1], ay + kRod * s - kCentreY);
            if (r.cwiseAbs().maxCoeff() < kTolerance) return iteration;
            Eigen::Matrix2d j;
            j << -kRod * s, -1, kRod * c, 0;
            m_x -= j.inverse() * r;
        }
        return -1;
    }

    // The slider's x, and what it should be: the rod reaches back to the line at the pin's x
    // minus the rod's horizontal extent (the slider stays left of the crank centre).
    double sliderX() const { return m_x[1]; }
    static double exactSliderX(double angle) {
        const double dy = kCrank * std::sin(angle);
        return kCentreX + kCrank * std::cos(angle) - std::sqrt(kRod * kRod - dy * dy);
    }

private:
    static constexpr double kCentreX = 200, kCentreY = 150, kCrank = 30, kRod = 100;
    static constexpr double kTolerance = 1e-9;
    static constexpr int kMaxIterations = 20;
    // Rod angle and slider x at crank angle 0: the rod points back from the pin at (230, 150).
    Eigen::Vector2d m_x{std::numbers::pi, 130};
};

void BM_HandNewtonFrame(benchmark::State& state) {
    HandNewtonCrankSlider newton;
    double angle = 0;
    double steps = 0;
    for (auto _ : state) {
        const int taken = newton.solve(angle);
        if (taken < 0) state.SkipWithError("Newton did not converge");
        steps += taken;
        benchmark::DoNotOptimize(newton.sliderX());
        angle += kStep;
    }
    state.counters["steps_per_frame"] =
        benchmark::Counter(steps, benchmark::Counter::kAvgIterations);
    // The last frame is checked against the closed form, so a fast wrong answer cannot pass.
    if (std::abs(newton.sliderX() - HandNewtonCrankSlider::exactSliderX(angle - kStep)) > 1e-6)
        state.SkipWithError("Newton found the wrong slider position");
}
BENCHMARK(BM_HandNewtonFrame)->Unit(benchmark::kMicrosecond);

// libslvs: the crank angle is driven by a point moved each frame, the crank pin kept on the line
// from the centre to it, as docs/performance.md#solver measures it.
class SlvsCrankSlider {
public:
    SlvsCrankSlider() {
        const Slvs_hGroup fixed = 1, moving = 2;
        m_params = {
            Slvs_MakeParam(1, fixed, 0),     Slvs_MakeParam(2, fixed, 0),
            Slvs_MakeParam(3, fixed, 0),     Slvs_MakeParam(4, fixed, 1),
            Slvs_MakeParam(5, fixed, 0),     Slvs_MakeParam(6, fixed, 0),
            Slvs_MakeParam(7, fixed, 0),     Slvs_MakeParam(8, fixed, 200),
            Slvs_MakeParam(9, fixed, 150),                                      // centre C
            Slvs_MakeParam(10, fixed, 250),  Slvs_MakeParam(11, fixed, 150),    // drive point D
            Slvs_MakeParam(12, moving, 230), Slvs_MakeParam(13, moving, 150),   // pin A
            Slvs_MakeParam(14, moving, 130), Slvs_MakeParam(15, moving, 150)};  // slider B
        const Slvs_hEntity plane = 200;
        m_entities = {Slvs_MakePoint3d(101, fixed, 1, 2, 3),
                      Slvs_MakeNormal3d(102, fixed, 4, 5, 6, 7),
                      Slvs_MakeWorkplane(plane, fixed, 101, 102),
                      Slvs_MakePoint2d(301, fixed, plane, 8, 9),
                      Slvs_MakePoint2d(302, fixed, plane, 10, 11),
                      Slvs_MakeLineSegment(400, fixed, plane, 301, 302),
                      Slvs_MakePoint2d(303, moving, plane, 12, 13),
                      Slvs_MakePoint2d(304, moving, plane, 14, 15),
                      Slvs_MakeLineSegment(401, moving, plane, 301, 304)};
        m_constraints = {
            Slvs_MakeConstraint(1, moving, SLVS_C_PT_PT_DISTANCE, plane, 30, 301, 303, 0, 0),
            Slvs_MakeConstraint(2, moving, SLVS_C_PT_PT_DISTANCE, plane, 100, 303, 304, 0, 0),
            Slvs_MakeConstraint(3, moving, SLVS_C_PT_ON_LINE, plane, 0, 303, 0, 400, 0),
            Slvs_MakeConstraint(4, moving, SLVS_C_HORIZONTAL, plane, 0, 0, 0, 401, 0)};
        std::memset(&m_system, 0, sizeof m_system);
        m_system.param = m_params.data();
        m_system.params = int(m_params.size());
        m_system.entity = m_entities.data();
        m_system.entities = int(m_entities.size());
        m_system.constraint = m_constraints.data();
        m_system.constraints = int(m_constraints.size());
    }

    // Solves the frame at crank angle `angle`; false when libslvs did not converge.
    bool solve(double angle) {
        m_params[9].val = 200 + 50 * std::cos(angle);
        m_params[10].val = 150 + 50 * std::sin(angle);
        Slvs_Solve(&m_system, 2);
        return m_system.result == SLVS_RESULT_OKAY;
    }

    double pinX() const { return m_params[11].val; }

private:
    std::vector<Slvs_Param> m_params;
    std::vector<Slvs_Entity> m_entities;
    std::vector<Slvs_Constraint> m_constraints;
    Slvs_System m_system;
};

void BM_SlvsFrame(benchmark::State& state) {
    SlvsCrankSlider slvs;
    double angle = 0;
    for (auto _ : state) {
        if (!slvs.solve(angle)) state.SkipWithError("libslvs did not converge");
        angle += kStep;
    }
    benchmark::DoNotOptimize(slvs.pinX());
}
BENCHMARK(BM_SlvsFrame)->Unit(benchmark::kMicrosecond);

// Prints the usual table, then how many times faster Movimentum's frame is than libslvs'.
class RatioReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& run : runs) {
            m_times[run.benchmark_name()] = run.GetAdjustedRealTime();
            m_cpu[run.benchmark_name()] = run.GetAdjustedCPUTime();
        }
        ConsoleReporter::ReportRuns(runs);
    }
    void Finalize() override {
        ConsoleReporter::Finalize();
        // CPU time as well as wall time: on a shared machine the wall time includes waiting.
        for (auto* times : {&m_times, &m_cpu}) {
            const char* kind = times == &m_times ? "wall" : "CPU";
            // 0 for a benchmark the filter left out, so no ratio is printed with it.
            const auto time = [&](const char* name) {
                const auto it = times->find(name);
                return it == times->end() ? 0.0 : it->second;
            };
            const double slvs = time("BM_SlvsFrame");
            const double hand = time("BM_HandNewtonFrame");
            for (const char* name : {"BM_MovimentumFrame", "BM_SlvsFrame"}) {
                if (!(time(name) > 0) || !(hand > 0)) continue;
                std::printf("%s (%s): %.3f us per frame, %.1fx the hand-written Newton's %.3f us\n",
                            name, kind, time(name), time(name) / hand, hand);
            }
            for (const char* name : {"BM_MovimentumFrame", "BM_MovimentumAnimationPerFrame"}) {
                if (!times->count(name) || !(slvs > 0)) continue;
                double ours = (*times)[name];
                if (std::string(name) == "BM_MovimentumAnimationPerFrame")
                    ours /= 1001;  // frames per animation
                std::printf("%s (%s): %.3f us per frame, libslvs %.3f us: %.1fx faster\n", name,
                            kind, ours, slvs, slvs / ours);
            }
        }
    }

private:
    std::map<std::string, double> m_times, m_cpu;
};

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    RatioReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::Shutdown();
}
