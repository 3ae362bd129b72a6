#include "solver/dynamics/velocity_jumps.h"

#include <algorithm>
#include <cstdio>

#include "core/diagnostics/diagnostic_table.h"
#include "solver/kinematics/number_text.h"
#include "solver/kinematics/segment_solver.h"
#include "solver/motion/machine_motion.h"

namespace mv {

namespace {

// A jump smaller than this part of the motion's kinetic energy is the rounding of two solves of
// the same motion (velocities agree to about 1e-12 of their size, energies to 1e-24).
constexpr double kNegligibleJump = 1e-9;

double squared(Vec2 v) {
    return v.x * v.x + v.y * v.y;
}

std::string joules(double energy) {
    char text[48];
    std::snprintf(text, sizeof text, "%.3g J", energy);
    return text;
}

}  // namespace

VelocityJumps::VelocityJumps(const Script& script, const SolveOptions& options)
    : m_script(script), m_options(options), m_bodies(thingInertia(script)) {}

// `from` solved at `instant`, reached as `continuity` says; when `fromFrame` (the frame `from` is)
// is given, tracked along the path from it, as the frames of its step are.
FrameSolution VelocityJumps::solveAt(SegmentModel& model, FrameSolution from,
                                     const Frame* fromFrame, const Frame& instant,
                                     const ElementMotion& elements, Continuity continuity) const {
    SegmentSolver solver(m_script, model, m_options);
    MachineMotion motion(m_script, model);
    // A solution of its own frame holds as it is, bit for bit: the path starts there.
    if (fromFrame)
        assembleFrame(m_script, *fromFrame, elements, Continuity::Fresh, solver, motion, nullptr,
                      from);
    assembleFrame(m_script, instant, elements, continuity, solver, motion, nullptr, from);
    return from;
}

std::optional<Diagnostic> VelocityJumps::check(const StepSide& ending, const StepSide& beginning,
                                               const ElementMotion& elements,
                                               Continuity continuity) const {
    if (ending.solution.failed || beginning.solution.failed) return std::nullopt;
    const Step& marker = m_script.steps[size_t(beginning.frame.step)];
    // The ending step at the marker, tracked on from its last frame.
    Frame end = ending.frame;
    end.time = marker.time;
    end.t = marker.time - m_script.steps[size_t(ending.frame.step)].time;
    const FrameSolution left =
        solveAt(ending.model, ending.solution, &ending.frame, end, elements, Continuity::Smooth);
    if (left.failed) return std::nullopt;
    FrameSolution right = beginning.solution;
    if (beginning.frame.t != 0) {  // the marker falls between two frames
        Frame start = beginning.frame;
        start.time = marker.time;
        start.t = 0;
        right = solveAt(beginning.model, left, nullptr, start, elements, continuity);
        if (right.failed) return std::nullopt;
    }
    const double jump = kinetic(left, right);
    const double motion = std::max(kinetic({}, left), kinetic({}, right));
    if (!(jump > kNegligibleJump * motion)) return std::nullopt;
    return makeDiagnostic(marker.markerRange,
                          diag<DiagnosticId::VelocityJump>(numberText(marker.time), joules(jump)));
}

// ½ Σ (m |Δv_G|² + J Δω²) between two motions of the machine, in metres; `before` without poses
// is the machine at rest, so the motion's own kinetic energy.
double VelocityJumps::kinetic(const FrameSolution& before, const FrameSolution& after) const {
    const double metres = 1 / m_script.gravity.scale;
    double energy = 0;
    for (size_t thing = 0; thing < m_bodies.size(); ++thing) {
        const ThingInertia& body = m_bodies[thing];
        if (body.mass == 0) continue;
        const Vec2 v = anchorVelocity(after.poses[thing], after.poseVelocities[thing], body.centre);
        const double spin = after.poseVelocities[thing].angle;
        const bool rest = before.poses.empty();
        const Vec2 w =
            rest ? Vec2{}
                 : anchorVelocity(before.poses[thing], before.poseVelocities[thing], body.centre);
        const double turn = spin - (rest ? 0 : before.poseVelocities[thing].angle);
        energy += 0.5 * body.mass * squared((v - w) * metres) + 0.5 * body.inertia * turn * turn;
    }
    return energy;
}

}  // namespace mv
