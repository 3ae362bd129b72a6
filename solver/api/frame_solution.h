#pragma once
// What the solver hands to the editor and the command line for one frame: plain values, no Ceres.

#include <cstddef>
#include <memory>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/geometry.h"
#include "core/model/script.h"
#include "solver/api/frame_forces.h"

namespace mv {

// State values of every element at one time: [element][state], scalars in .x.
using ElementStates = std::vector<std::vector<Vec2>>;

// How the solve of a frame ended, in the spirit of ceres::Solver::Summary.
enum class Termination {
    Converged,       // every block met its equations within the tolerance
    NoProgress,      // a block's iterations stopped reducing its residuals
    IterationLimit,  // a block used up its iterations or sub-steps
    NotANumber,      // a constraint could not be evaluated (sqrt of a negative, 0/0)
};

const char* terminationName(Termination termination);  // "converged", "no progress", ...

// What one frame's solve did and, when it failed, which constraints are off and by how much. The
// editor, the command line and the tests read this; none of them parses a message.
struct FrameSummary {
    Termination termination = Termination::Converged;
    int iterations = 0;  // Newton iterations over all blocks and sub-steps
    int substeps = 0;    // steps along the time path from the frame before (0: solved afresh)
    double largestResidual = 0;  // over every constraint, absolute
    struct Off {
        ConstraintId constraint;
        double by = 0;  // the size of the miss (NaN: not a number)
    };
    std::vector<Off> off;     // constraints off by more than the tolerance, in source order
    bool deadCentre = false;  // the mechanism passed exactly through a dead centre here
    // ... and that dead centre is the frame before, met exactly there: the branch changed within
    // the first smallest sub-step after it. The animation moves the flag to that frame when it
    // has it; a frame solved alone (ahead of the animation) keeps it.
    bool deadCentreAtStart = false;
    bool substepLimit = false;  // the path needed more sub-steps than allowed (the rest in one)
    ConstraintId blockAt;       // a constraint of the block that passed the dead centre or refused
};

// An angle the constraints read (angle(v), angle(v, w), v.angle) as it has turned up to a frame.
// The language's angles turn with the machine (docs/solver.md, "Angles"): the next frame moves
// each by whole turns to the value nearest this one, so the value is part of the frame, as a
// pose's angle is, and a frame solved out of order or dragged turns from it as the in-order one.
struct TurnedAngle {
    size_t expression = 0;  // expressionHash() of the angle(...) that reads it
    double value = 0;
};

struct FrameSolution {
    int index = 0;
    double time = 0;  // T
    double t = 0;
    double iv = 0;
    int step = 0;
    bool failed = false;          // the constraints could not be met within 1e-6
    std::vector<Pose> poses;      // by ThingId
    std::vector<Vec2> variables;  // by VariableId, anonymous ones included; scalars in .x
    ElementStates elements;       // by ElementId
    // The angles the frame's constraints read, ascending by expression.
    std::vector<TurnedAngle> angles;
    FrameSummary summary;
    // How each pose and variable moves at the frame, d/dT and d²/dT² (docs/reference.md#mechanics):
    // exact, from differentiating the constraints in time (solver/motion/machine_motion.h); NaN
    // where undefined (a dead centre). Empty when the solve did not compute them.
    std::vector<Pose> poseVelocities;  // by ThingId: (dx/dT, dy/dT, d angle/dT)
    std::vector<Pose> poseAccelerations;
    std::vector<Vec2> variableVelocities;  // by VariableId
    std::vector<Vec2> variableAccelerations;
    ElementStates elementVelocities;  // d/dT of every element state, from the mechanics
    ElementStates elementAccelerations;
    // Where each element hangs at the frame, in its own units: a pendulum's `pivot` ([0, 0] when
    // it has none); [0, 0] for a point. By ElementId; empty without elements.
    std::vector<Vec2> pivots;
    // What the masses ask of the constraints (frame_forces.h). Null without masses, at a failed
    // frame and where the rates are undefined (a dead centre). Shared: frames are copied often.
    std::shared_ptr<const FrameForces> forces;
};

// An anchor's velocity and acceleration in the world, from its thing's pose and the pose's motion
// (a rigid body: the anchor turns about the origin with the angle).
inline Vec2 anchorVelocity(const Pose& pose, const Pose& velocity, Vec2 local) {
    const Vec2 arm = pose.apply(local) - Vec2{pose.x, pose.y};
    return {velocity.x - velocity.angle * arm.y, velocity.y + velocity.angle * arm.x};
}

inline Vec2 anchorAcceleration(const Pose& pose, const Pose& velocity, const Pose& acceleration,
                               Vec2 local) {
    const Vec2 arm = pose.apply(local) - Vec2{pose.x, pose.y};
    const double spin = velocity.angle * velocity.angle;
    return {acceleration.x - acceleration.angle * arm.y - spin * arm.x,
            acceleration.y + acceleration.angle * arm.x - spin * arm.y};
}

}  // namespace mv
