// The editor's live drag (solver/drag/): how many frames a second the re-solve of one frame with
// the gripped point pulled toward the mouse can deliver while the pump's crank is dragged. The
// mouse is replayed as the editor sees it: a target every 2 units along a circle of radius 40
// about where the grip started, each solved from the result before, as DragSession does.
// items_per_second is the re-solve's frame rate; the display needs 25 (the pump's fps).

#include <benchmark/benchmark.h>

#include <cmath>
#include <numbers>

#include "bench/bench_scripts.h"
#include "core/compile.h"
#include "solver/api/animation.h"
#include "solver/api/drag_solver.h"
#include "tests/support/disk_images.h"

namespace {

using namespace mv;

constexpr int kShownFrame = 100;  // 4 s: the crank is turning
constexpr double kRadius = 40, kSpacing = 2;

struct Pump {
    std::shared_ptr<const Script> script;
    Animation animation;
};

const Pump& pump() {
    static const Pump solved = [] {
        const auto compiled = compileScript(
            std::make_shared<const SourceText>("pump", bench::sampleText("pump.movimentum")),
            mv::test::DiskImages(MOVIMENTUM_SOURCE_DIR "/samples"));
        Pump p{compiled.script, {}};
        SolveOptions options;
        options.endFrame = kShownFrame + 1;
        p.animation = solveAnimation(p.script, options);
        return p;
    }();
    return solved;
}

Grip grip(const Script& script, const char* thing, const char* anchor) {
    const ThingId id{script.thingIndex(thing)};
    const int a = script.things[id].anchorIndex(anchor);
    return {id, a, script.things[id].anchors[size_t(a)].local};
}

// Drags `anchor` of `thing` around the circle, one solved frame per benchmark iteration.
void dragAround(benchmark::State& state, const char* thing, const char* anchor) {
    const Pump& p = pump();
    const FrameSolution& shown = p.animation.frames[kShownFrame];
    const Grip g = grip(*p.script, thing, anchor);
    DragSolver drag(p.script, p.animation.plan, shown, g);
    const Vec2 start = shown.poses[g.thing].apply(g.local);
    const int steps = int(2 * std::numbers::pi * kRadius / kSpacing);
    int step = 0, failed = 0;
    for (auto _ : state) {
        const double angle = 2 * std::numbers::pi * (step++ % steps) / steps;
        const Vec2 target = start + Vec2{std::cos(angle) - 1, std::sin(angle)} * kRadius;
        failed += drag.pullTo(target).failed;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["failed"] = failed;
}

// Crank.P is placed by `Crank.P = Engine.P + [330,0]`: the hub follows the mouse, the rod and
// piston follow the crank.
void BM_DragPumpCrankHub(benchmark::State& state) {
    dragAround(state, "Crank", "P");
}
BENCHMARK(BM_DragPumpCrankHub)->Unit(benchmark::kMicrosecond);

// The crank's body, gripped at its pin: the same numbers move the whole crank.
void BM_DragPumpCrankBody(benchmark::State& state) {
    const Pump& p = pump();
    const ThingId crank{p.script->thingIndex("Crank")};
    const FrameSolution& shown = p.animation.frames[kShownFrame];
    const Grip body{crank, -1, p.script->things[crank].anchors[1].local};
    DragSolver drag(p.script, p.animation.plan, shown, body);
    const Vec2 start = shown.poses[crank].apply(body.local);
    int step = 0;
    for (auto _ : state) {
        const double angle = kSpacing / kRadius * step++;
        drag.pullTo(start + Vec2{std::cos(angle) - 1, std::sin(angle)} * kRadius);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DragPumpCrankBody)->Unit(benchmark::kMicrosecond);

// The crank pin is computed (held by the drive): nothing moves, each pull is one Newton check.
void BM_DragPumpCrankPin(benchmark::State& state) {
    dragAround(state, "Crank", "Q");
}
BENCHMARK(BM_DragPumpCrankPin)->Unit(benchmark::kMicrosecond);

// Starting a drag: the drag problem, its structure and the frame's solver, once per press.
void BM_DragPumpBegin(benchmark::State& state) {
    const Pump& p = pump();
    const Grip g = grip(*p.script, "Crank", "P");
    for (auto _ : state) {
        DragSolver drag(p.script, p.animation.plan, p.animation.frames[kShownFrame], g);
        benchmark::DoNotOptimize(drag.unknownCount());
    }
}
BENCHMARK(BM_DragPumpBegin)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
