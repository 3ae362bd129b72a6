// TEMPORARY (solver branch only): stand-ins for planFrames (analyzer helper) and simulateMechanics
// (mechanics helper) so this branch links before their work lands. Removed on rebase onto theirs.

#include <cmath>

#include "core/frame_plan.h"
#include "solver/mechanics.h"

namespace mv {

FramePlan planFrames(const Script& script) {
    FramePlan plan;
    if (script.steps.empty()) return plan;
    const double t0 = script.steps.front().time, t1 = script.steps.back().time;
    const int n = static_cast<int>(std::ceil((t1 - t0) * script.config.fps - 1e-9));
    std::vector<ConstraintId> active;
    int lastStep = -1;
    for (int k = 0; k <= n; ++k) {
        Frame f;
        f.index = k;
        f.time = t0 + k / script.config.fps;
        int s = 0;
        while (s + 1 < int(script.steps.size()) && script.steps[s + 1].time <= f.time + kTimeTolerance) ++s;
        f.step = s;
        f.t = f.time - script.steps[s].time;
        f.iv = s + 1 < int(script.steps.size()) ? script.steps[s + 1].time - script.steps[s].time : 0;
        if (s != lastStep) {
            std::vector<ConstraintId> now;
            for (ConstraintId c = 0; c < script.constraints.size(); ++c) {
                const Constraint& con = script.constraints[c];
                if (!con.frees && con.firstStep <= s && s < con.endStep) now.push_back(c);
            }
            if (plan.segments.empty() || now != active) plan.segments.push_back({k, k, s, now});
            active = now;
            lastStep = s;
        }
        f.segment = int(plan.segments.size()) - 1;
        plan.segments.back().endFrame = k + 1;
        plan.frames.push_back(f);
    }
    return plan;
}

MechanicsResult simulateMechanics(const Script& script, const FramePlan& plan, const std::atomic<bool>*) {
    MechanicsResult result;
    ElementStates initial;
    for (const Element& e : script.elements) {
        initial.emplace_back();
        for (const ElementState& s : e.states) initial.back().push_back(s.initial);
    }
    result.frames.assign(plan.frames.size(), initial);
    return result;
}

}  // namespace mv
