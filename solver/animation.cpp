// The animation driver: mechanics first (element states are inputs to the kinematics), then the
// segments in order, each solved by one SegmentSolver whose problem is built once, or taken whole
// from the AnimationCache when nothing it depends on changed. Frames are handed out as they are
// solved, and a cancel request is honoured between frames.

#include "solver/api/animation.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "solver/api/animation_cache.h"
#include "solver/api/conflict_causes.h"
#include "solver/dynamics/constraint_forces.h"
#include "solver/dynamics/force_warnings.h"
#include "solver/dynamics/velocity_jumps.h"
#include "solver/frame_assembly.h"
#include "solver/kinematics/number_text.h"
#include "solver/kinematics/segment_model_store.h"
#include "solver/kinematics/segment_solver.h"
#include "solver/kinematics/solver_constants.h"
#include "solver/mechanics/simulate_mechanics.h"
#include "solver/motion/machine_motion.h"
#include "solver/segment_key.h"

namespace mv {

int Animation::failedFrames() const {
    return static_cast<int>(std::count_if(frames.begin(), frames.end(),
                                          [](const FrameSolution& f) { return f.failed; }));
}

const char* terminationName(Termination termination) {
    switch (termination) {
        case Termination::Converged:
            return "converged";
        case Termination::NoProgress:
            return "no progress";
        case Termination::IterationLimit:
            return "iteration limit";
        case Termination::NotANumber:
            return "not a number";
    }
    return "";
}

std::string describeOff(const Script& script, const FrameSummary::Off& off) {
    const Constraint& c = script.constraints[off.constraint];
    const int line = script.source ? int(script.source->location(c.range.begin).line) : 0;
    return "the constraint on line " + std::to_string(line) + " is " +
           (std::isfinite(off.by) ? "off by " + numberText(off.by) : "not a number");
}

namespace {

class AnimationRun {
public:
    AnimationRun(Animation& animation, const SolveOptions& options, const SolveHooks& hooks)
        : m_animation(animation),
          m_script(*animation.script),
          m_options(options),
          m_hooks(hooks),
          m_models(m_script, animation.plan) {}

    void run() {
        const FramePlan& plan = m_animation.plan;
        const int total = static_cast<int>(plan.frames.size());
        m_end = m_options.endFrame < 0 ? total : std::min(m_options.endFrame, total);
        if (m_end == 0) return;
        if (!m_script.elements.empty()) {
            m_mechanics =
                simulateMechanics(m_script, plan, m_hooks.cancel, m_end, m_options, &m_models);
            report(m_mechanics.diagnostics);
            if (m_mechanics.cancelled) {
                m_animation.cancelled = true;
                return;
            }
        }
        m_substepsLeft = kSubstepsPerFrameBudget * m_end;
        FrameSolution state = initialState();
        uint64_t key = scriptKey(m_script, m_options);
        for (size_t s = 0; s < plan.segments.size() && plan.segments[s].firstFrame < m_end; ++s) {
            key = segmentKey(key, m_script, plan, s, m_mechanics);
            const bool finished = runSegment(s, key, state);
            // Kept one segment longer: the marker that ends it is checked from its side
            // (enterSegment).
            if (s > 0) m_models.release(s - 1);
            if (!finished) {
                m_animation.cancelled = true;
                return;
            }
        }
        reportCauses();
        report(m_forceWarnings.diagnostics(m_script));
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
                for (const FrameSolution& frame : *hit->frames) {
                    note(frame, [&](ConstraintId id) -> const std::vector<ConstraintId>& {
                        return hit->support.at(id);
                    });
                    if (m_hooks.onFrame) m_hooks.onFrame(frame);
                }
                m_animation.frames.append(hit->frames);
                report(hit->diagnostics);
                state = hit->frames->back();
                return true;
            }
        }
        auto solved = std::make_shared<CachedSegment>();
        solved->key = key;
        SegmentModel& model = m_models.at(index);
        SegmentSolver solver(m_script, model, m_options);
        MachineMotion motion(m_script, model);
        const auto forces = forcesOf(m_script, model);
        const double lever = angleLever(m_script.config);
        bool reported = false;
        std::vector<FrameSolution> frames;
        frames.reserve(size_t(std::min(segment.endFrame, m_end) - segment.firstFrame));
        // The frames solved so far join the animation as one chunk, which the cache shares.
        auto keep = [&] {
            auto chunk = std::make_shared<const std::vector<FrameSolution>>(std::move(frames));
            m_animation.frames.append(chunk);
            solved->frames = std::move(chunk);
        };
        for (int f = segment.firstFrame; f < std::min(segment.endFrame, m_end); ++f) {
            if (cancelled()) {
                keep();
                return false;
            }
            const Frame& frame = m_animation.plan.frames[size_t(f)];
            // A new step restarts t (and may reset element states): its inputs jump.
            const Continuity continuity =
                f > segment.firstFrame
                    ? (frame.step != state.step ? Continuity::Jump : Continuity::Smooth)
                : f == 0 || state.failed ? Continuity::Fresh
                                         : Continuity::NewSegment;
            const ElementMotion elements{at(m_mechanics.frames, f), at(m_mechanics.rates, f),
                                         at(m_mechanics.accelerations, f)};
            // A marker with masses: the frame before it is kept to weigh a jump in velocity.
            std::optional<FrameSolution> ending;
            if (forces && f > 0 && frame.step != state.step) ending = state;
            solver.setSubstepAllowance(m_substepsLeft);
            assembleFrame(m_script, frame, elements, continuity, solver, motion, forces.get(),
                          state);
            m_substepsLeft -= state.summary.substeps;
            if (!reported && !state.failed) {
                solved->diagnostics = solver.reportFreedom(lever);
                reported = true;
            }
            if (ending) {
                const Frame& before = m_animation.plan.frames[size_t(f - 1)];
                if (auto jump = m_velocityJumps.check(
                        {m_models.at(size_t(before.segment)), *ending, before},
                        {model, state, frame}, elements, continuity))
                    solved->diagnostics.push_back(*jump);
            }
            note(state, [&](ConstraintId id) -> const std::vector<ConstraintId>& {
                auto it = solved->support.find(id);
                if (it == solved->support.end())
                    it = solved->support.emplace(id, solver.support(id)).first;
                return it->second;
            });
            moveDeadCentreBack(frames, state.summary);
            frames.push_back(state);
            if (m_hooks.onFrame) m_hooks.onFrame(frames.back());
        }
        keep();
        report(solved->diagnostics);
        if (cache) cache->store(index, std::move(solved));
        return true;
    }

    // A dead centre met exactly on a frame is that frame's, although the path only sees the
    // branch change within the first smallest sub-step towards the next: its summary says so,
    // not the next one's (the warning, already said, names it too). The frame was streamed
    // without it; the animation's frames, which replace the streamed ones, have it.
    static void moveDeadCentreBack(std::vector<FrameSolution>& frames, FrameSummary& next) {
        if (!next.deadCentreAtStart || frames.empty()) return;
        frames.back().summary.deadCentre = true;
        frames.back().summary.blockAt = next.blockAt;
        frames.back().forces = nullptr;  // no forces at a dead centre (docs/mechanics.md)
        next.deadCentre = false;
        next.deadCentreAtStart = false;
    }

    // Gathers what a failed frame says into its causes, and dead centres into a warning.
    // `support(id)`: the constraints the failed constraint id depends on.
    template <class Support>
    void note(const FrameSolution& frame, Support support) {
        // A script without constraints (elements alone) has no block to point at.
        const ConstraintId at = frame.summary.blockAt;
        const SourceRange range =
            at < m_script.constraints.size() ? m_script.constraints[at].range : SourceRange{};
        if (frame.summary.deadCentre) {
            // Met exactly on a frame, the dead centre is that frame's, although the path only
            // sees the branch change on its way to the next one.
            const int passed =
                frame.summary.deadCentreAtStart && frame.index > 0 ? frame.index - 1 : frame.index;
            report({makeDiagnostic(range, diag<DiagnosticId::DeadCentre>(std::to_string(passed)),
                                   {frame.summary.blockAt})});
        }
        const bool run = m_substepsLeft < kMaxSubsteps;
        if (frame.summary.substepLimit && !(run && m_budgetSpent)) {
            m_budgetSpent = m_budgetSpent || run;
            const std::string index = std::to_string(frame.index);
            report({makeDiagnostic(
                range,
                run ? diag<DiagnosticId::SubstepsOfAnimation>(
                          std::to_string(kSubstepsPerFrameBudget), index)
                    : diag<DiagnosticId::SubstepsOfFrame>(index, std::to_string(kMaxSubsteps)),
                {frame.summary.blockAt})});
        }
        m_causes.note(frame, support);
        m_forceWarnings.note(frame);
    }

    // One diagnostic per cause, for the whole run (docs/reference.md#solving-a-frame), and the
    // causes as data.
    void reportCauses() {
        m_animation.causes = m_causes.causes();
        const std::vector<Diagnostic> conflicts = conflictDiagnostics(m_script, m_animation.causes);
        m_animation.diagnostics.insert(m_animation.diagnostics.end(), conflicts.begin(),
                                       conflicts.end());
    }

    // Adds script-wide diagnostics, each message about a place once however many segments find it.
    void report(const std::vector<Diagnostic>& diagnostics) {
        for (const Diagnostic& d : diagnostics) {
            if (m_reported.insert({d.range.begin, d.range.end, d.message}).second)
                m_animation.diagnostics.push_back(d);
        }
    }

    static const ElementStates* at(const std::vector<ElementStates>& frames, int f) {
        return size_t(f) < frames.size() ? &frames[size_t(f)] : nullptr;
    }

    Animation& m_animation;
    const Script& m_script;
    const SolveOptions& m_options;
    const SolveHooks& m_hooks;
    // Built when the mechanics or the segment's solve first needs them; released segment by
    // segment.
    SegmentModelStore m_models;
    int m_end = 0;
    MechanicsResult m_mechanics;  // element states per frame; empty without elements
    std::set<std::tuple<uint32_t, uint32_t, std::string>> m_reported;
    ConflictCauses m_causes;
    ForceWarnings m_forceWarnings;
    VelocityJumps m_velocityJumps{m_script, m_options};
    int m_substepsLeft = 0;      // of the run's sub-step budget
    bool m_budgetSpent = false;  // and it has been said that it ran out
};

}  // namespace

Animation solveAnimation(std::shared_ptr<const Script> script, const SolveOptions& options,
                         const SolveHooks& hooks) {
    Animation animation;
    animation.script = std::move(script);
    if (!animation.script) return animation;
    if (const std::string problem = options.validate(); !problem.empty()) {
        animation.diagnostics.push_back(
            makeDiagnostic({}, diag<DiagnosticId::InvalidSolverOptions>(problem)));
        return animation;
    }
    animation.plan = planFrames(*animation.script);
    AnimationRun(animation, options, hooks).run();
    return animation;
}

}  // namespace mv
