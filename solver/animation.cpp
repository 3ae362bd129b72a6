// The animation driver: mechanics first (element states are inputs to the kinematics), then the
// segments in order, each solved by one SegmentSolver whose problem is built once, or taken whole
// from the AnimationCache when nothing it depends on changed. Frames are handed out as they are
// solved, and a cancel request is honoured between frames.

#include "solver/animation.h"

#include <algorithm>
#include <set>
#include <utility>

#include "solver/animation_cache.h"
#include "solver/kinematics/freedom_report.h"
#include "solver/kinematics/segment_solver.h"
#include "solver/mechanics.h"
#include "solver/segment_key.h"

namespace mv {

std::string SolveOptions::validate() const {
    if (!(tolerance > 0)) return "tolerance must be positive";
    if (maxIterations < 1) return "maxIterations must be at least 1";
    if (retries < 0) return "retries must not be negative";
    if (endFrame < -1) return "endFrame must be -1 (to the end) or a frame count";
    return {};
}

int Animation::failedFrames() const {
    return static_cast<int>(
        std::count_if(frames.begin(), frames.end(), [](const FrameSolution& f) { return f.failed; }));
}

namespace {

// Angles weigh as the arc at this share of the canvas size, as in the SegmentSolver.
constexpr double kLeverShare = 0.1;

class AnimationRun {
public:
    AnimationRun(Animation& animation, const SolveOptions& options, const SolveHooks& hooks)
        : m_animation(animation), m_script(*animation.script), m_options(options), m_hooks(hooks) {}

    void run() {
        const FramePlan& plan = m_animation.plan;
        const int total = static_cast<int>(plan.frames.size());
        m_end = m_options.endFrame < 0 ? total : std::min(m_options.endFrame, total);
        if (m_end == 0) return;
        if (!m_script.elements.empty()) {
            MechanicsResult mechanics = simulateMechanics(m_script, plan, m_hooks.cancel);
            report(mechanics.diagnostics);
            m_states = std::move(mechanics.frames);
            if (mechanics.cancelled) {
                m_animation.cancelled = true;
                return;
            }
        }
        m_animation.frames.reserve(size_t(m_end));
        FrameSolution state = initialState();
        uint64_t key = scriptKey(m_script, m_options);
        m_settled.assign(m_script.things.size(), false);
        for (size_t s = 0; s < plan.segments.size() && plan.segments[s].firstFrame < m_end; ++s) {
            key = segmentKey(key, m_script, plan, s, m_states);
            if (!runSegment(s, key, state)) {
                m_animation.cancelled = true;
                return;
            }
            markConstrainedThings(m_script, plan.segments[s], m_settled);
        }
    }

private:
    FrameSolution initialState() const {
        FrameSolution state;
        for (const Thing& thing : m_script.things) state.poses.push_back(thing.initialPose);
        state.variables.assign(m_script.variables.size(), Vec2{});
        return state;
    }

    bool cancelled() const { return m_hooks.cancel && m_hooks.cancel->load(); }

    // Solves segment `index` (or takes it from the cache) continuing from `state`, the solution of
    // the frame before it. Returns false when cancelled.
    bool runSegment(size_t index, uint64_t key, FrameSolution& state) {
        const Segment& segment = m_animation.plan.segments[index];
        const bool whole = segment.endFrame <= m_end;
        AnimationCache* cache = whole ? m_hooks.cache : nullptr;
        if (cache) {
            if (const auto hit = cache->find(index, key)) {
                if (cancelled()) return false;
                for (const FrameSolution& frame : hit->frames) emit(frame);
                report(hit->diagnostics);
                state = hit->frames.back();
                return true;
            }
        }
        auto solved = std::make_shared<CachedSegment>();
        solved->key = key;
        SegmentSolver solver(m_script, segment, m_options, m_settled);
        const double lever = kLeverShare * std::max({m_script.config.width, m_script.config.height, 1.0});
        for (int f = segment.firstFrame; f < std::min(segment.endFrame, m_end); ++f) {
            if (cancelled()) return false;
            const Frame& frame = m_animation.plan.frames[size_t(f)];
            state.index = frame.index;
            state.time = frame.time;
            state.t = frame.t;
            state.iv = frame.iv;
            state.elements = size_t(f) < m_states.size() ? m_states[size_t(f)] : ElementStates{};
            solver.solveFrame(frameInputs(m_script, frame, state.elements.empty() ? nullptr : &state.elements), state);
            if (f == segment.firstFrame && !state.failed)
                solved->diagnostics = reportFreedom(m_script, solver.problem(), solver.solution(), lever);
            emit(state);
            if (cache) solved->frames.push_back(state);
        }
        report(solved->diagnostics);
        if (cache) cache->store(index, std::move(solved));
        return true;
    }

    void emit(const FrameSolution& frame) {
        m_animation.frames.push_back(frame);
        if (m_hooks.onFrame) m_hooks.onFrame(m_animation.frames.back());
    }

    // Adds script-wide diagnostics, each message about a place once however many segments find it.
    void report(const std::vector<Diagnostic>& diagnostics) {
        for (const Diagnostic& d : diagnostics) {
            if (m_reported.insert({d.range.begin, d.range.end, d.message}).second)
                m_animation.diagnostics.push_back(d);
        }
    }

    Animation& m_animation;
    const Script& m_script;
    const SolveOptions& m_options;
    const SolveHooks& m_hooks;
    int m_end = 0;
    std::vector<ElementStates> m_states;  // per frame; empty without elements
    std::vector<bool> m_settled;          // things earlier segments placed, by ThingId
    std::set<std::tuple<uint32_t, uint32_t, std::string>> m_reported;
};

}  // namespace

Animation solveAnimation(std::shared_ptr<const Script> script, const SolveOptions& options,
                         const SolveHooks& hooks) {
    Animation animation;
    animation.script = std::move(script);
    if (!animation.script) return animation;
    if (const std::string problem = options.validate(); !problem.empty()) {
        animation.diagnostics.push_back({Severity::Error, {}, "solver options: " + problem});
        return animation;
    }
    animation.plan = planFrames(*animation.script);
    AnimationRun(animation, options, hooks).run();
    return animation;
}

}  // namespace mv
