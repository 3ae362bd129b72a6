#include "solver/api/solve_options.h"

namespace mv {

std::string SolveOptions::validate() const {
    if (!(tolerance > 0)) return "tolerance must be positive";
    if (maxIterations < 1) return "maxIterations must be at least 1";
    if (retries < 0) return "retries must not be negative";
    if (endFrame < -1) return "endFrame must be -1 (to the end) or a frame count";
    return {};
}

}  // namespace mv
