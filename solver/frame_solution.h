#pragma once
// What the solver hands to the editor and the command line for one frame: plain values, no Ceres.

#include <vector>

#include "core/diagnostic.h"
#include "core/geometry.h"
#include "core/script.h"

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
    std::vector<Off> off;       // constraints off by more than the tolerance, in source order
    bool deadCentre = false;    // the mechanism passed exactly through a dead centre here
    bool substepLimit = false;  // the path needed more sub-steps than allowed (the rest in one)
    ConstraintId blockAt;       // a constraint of the block that passed the dead centre or refused
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
    FrameSummary summary;
};

}  // namespace mv
