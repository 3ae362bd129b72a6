#pragma once
// The numbers every part of the kinematic solver shares, in one place.

#include <algorithm>

#include "core/model/script.h"

namespace mv {

// Residuals below this are converged: a thousand times below the 1e-6 a frame must meet.
inline constexpr double kConverged = 1e-9;
// Once converged, Newton goes on while a step still makes the residuals smaller, down to this:
// from 1e-9 one more step of a method that converges quadratically lands at the rounding of the
// machine's coordinates, so a frame is as exact as a closed form can check (a guided coordinate
// to 1e-12, not 1e-9), for one more evaluation.
inline constexpr double kExact = 1e-13;
// Gauss-Newton steps before a least-squares solver hands over to Levenberg-Marquardt.
inline constexpr int kNewtonSteps = 8;
// Relative regularisation of normal equations, so directions the constraints do not see (an
// under-determined thing) get a zero step instead of a singular matrix.
inline constexpr double kRegularisation = 1e-12;
// Angles weigh as the arc they sweep at this share of the canvas size, so they compare with
// lengths.
inline constexpr double kLeverShare = 0.1;
// That arc's lever for the script's canvas.
inline double angleLever(const Config& config) {
    return kLeverShare * std::max({config.width, config.height, 1.0});
}
// A Jacobian whose determinant is below this share of its norm to the n-th power is singular.
inline constexpr double kSingularDeterminant = 1e-13;

}  // namespace mv
