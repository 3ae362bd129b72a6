#include "solver/frame_assembly.h"

#include "solver/dynamics/constraint_forces.h"
#include "solver/kinematics/segment_problem.h"
#include "solver/motion/machine_motion.h"

namespace mv {

void assembleFrame(const Script& script, const Frame& frame, const ElementMotion& elements,
                   Continuity continuity, SegmentSolver& solver, MachineMotion& motion,
                   ConstraintForces* forces, FrameSolution& state) {
    state.index = frame.index;
    state.time = frame.time;
    state.t = frame.t;
    state.iv = frame.iv;
    state.step = frame.step;
    state.elements = elements.states ? *elements.states : ElementStates{};
    state.elementVelocities = elements.rates ? *elements.rates : ElementStates{};
    state.elementAccelerations = elements.accelerations ? *elements.accelerations : ElementStates{};
    solver.solveFrame(frame, elements.states, continuity, state);
    motion.differentiate(
        movingInputs(script, frame, elements.states, elements.rates, elements.accelerations),
        state);
    state.pivots = motion.pivots();
    state.forces = forces ? forces->compute(state) : nullptr;
}

}  // namespace mv
