#pragma once
// How hard the solver tries before it calls a frame failed, and how much of the animation it
// solves. Every part of the solver that solves frames takes them: the animation, the frame solved
// ahead under the editor's playhead, the drag, and the parts of the machine the mechanics reads.

#include <string>

namespace mv {

struct SolveOptions {
    double tolerance = 1e-6;  // a frame whose constraints are off by more than this failed
    int maxIterations = 100;  // per solve attempt
    int retries = 8;          // deterministic perturbed restarts before a frame is given up
    // Solve frames [0, endFrame) only; -1: to the end. Every frame starts from the one before
    // it, so a range that starts later is still solved from frame 0.
    int endFrame = -1;

    // Empty when valid, otherwise what is wrong.
    std::string validate() const;
};

}  // namespace mv
