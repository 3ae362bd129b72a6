#include "solver/api/single_frame.h"

#include <map>
#include <string>

#include "solver/dynamics/constraint_forces.h"
#include "solver/frame_assembly.h"
#include "solver/kinematics/segment_model_store.h"
#include "solver/mechanics/simulate_mechanics.h"
#include "solver/motion/machine_motion.h"

namespace mv {

namespace {

std::vector<VariableId> anonymousVariables(const Script& script) {
    std::vector<VariableId> ids;
    for (VariableId v{0}; v < script.variables.size(); ++v)
        if (script.variables[v].anonymous) ids.push_back(v);
    return ids;
}

void carryVariables(const Script& script, const Script& before, const FrameSolution& frame,
                    FrameSolution& start) {
    std::map<std::string, VariableId> named;
    for (VariableId v{0}; v < before.variables.size(); ++v)
        if (!before.variables[v].anonymous) named.emplace(before.variables[v].name, v);
    for (VariableId v{0}; v < script.variables.size(); ++v) {
        const auto it = named.find(script.variables[v].name);
        if (script.variables[v].anonymous || it == named.end()) continue;
        if (it->second < frame.variables.size()) start.variables[v] = frame.variables[it->second];
    }
    const std::vector<VariableId> now = anonymousVariables(script);
    const std::vector<VariableId> then = anonymousVariables(before);
    if (now.size() != then.size()) return;
    for (size_t i = 0; i < now.size(); ++i)
        if (then[i] < frame.variables.size()) start.variables[now[i]] = frame.variables[then[i]];
}

}  // namespace

FrameSolution carryOver(const Script& script, const Script* before, const FrameSolution* frame) {
    FrameSolution start;
    for (const Thing& thing : script.things) start.poses.push_back(thing.initialPose);
    start.variables.assign(script.variables.size(), Vec2{});
    if (!before || !frame) return start;
    std::map<std::string, ThingId> things;
    for (ThingId t{0}; t < before->things.size(); ++t) things.emplace(before->things[t].name, t);
    for (ThingId t{0}; t < script.things.size(); ++t) {
        const auto it = things.find(script.things[t].name);
        if (it != things.end() && it->second < frame->poses.size())
            start.poses[t] = frame->poses[it->second];
    }
    carryVariables(script, *before, *frame, start);
    // By expression: an angle the edit did not touch turns on from where it was.
    start.angles = frame->angles;
    return start;
}

FrameSolution solveSingleFrame(const Script& script, const FramePlan& plan, int index,
                               FrameSolution start, const SolveOptions& options,
                               const std::atomic<bool>* cancel) {
    const Frame& frame = plan.frames.at(size_t(index));
    SegmentModelStore models(script, plan);
    MechanicsResult mechanics;
    if (!script.elements.empty())
        mechanics = simulateMechanics(script, plan, cancel, index + 1, options, &models);
    auto at = [&](const std::vector<ElementStates>& frames) {
        return size_t(index) < frames.size() ? &frames[size_t(index)] : nullptr;
    };
    SegmentModel& model = models.at(size_t(frame.segment));
    SegmentSolver solver(script, model, options);
    MachineMotion motion(script, model);
    const auto forces = forcesOf(script, model);
    assembleFrame(script, frame,
                  {at(mechanics.frames), at(mechanics.rates), at(mechanics.accelerations)},
                  Continuity::NewSegment, solver, motion, forces.get(), start);
    return start;
}

}  // namespace mv
