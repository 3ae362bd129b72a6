#pragma once
// What the solver hands to the editor and the command line for one frame: plain values, no Ceres.

#include <vector>

#include "core/diagnostic.h"
#include "core/geometry.h"

namespace mv {

// State values of every element at one time: [element][state], scalars in .x.
using ElementStates = std::vector<std::vector<Vec2>>;

struct FrameSolution {
    int index = 0;
    double time = 0;  // T
    double t = 0;
    double iv = 0;
    bool failed = false;            // the constraints could not be met within 1e-6
    std::vector<Pose> poses;        // by ThingId
    std::vector<Vec2> variables;    // by VariableId, anonymous ones included; scalars in .x
    ElementStates elements;         // by ElementId
    std::vector<Diagnostic> diagnostics;  // why the frame failed (constraints off and by how much)
};

}  // namespace mv
