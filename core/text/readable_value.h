#pragma once
// How a person reads a value the solver computed: the Values panel, the hover in the script, the
// Plots panel's read-out and the language server write numbers through these, so one quantity
// reads the same wherever it is shown.
//
// Lengths get the decimals the canvas needs (canvasDecimals): a thousandth of the canvas's longer
// side or finer, rounded to a power of ten, so an 800-unit canvas shows 400.6 and not 400.619
// (nor %g's 400.619 beside 36 beside 1.2e+03).
//
// Angles read in degrees, as the script writes them, reduced to (−180°, 180°] with the whole turns
// beside them when the thing has turned: the total is the shown angle plus turns × 360°. A crank
// at 666° reads "-54.0°, 2 turns", one at -190° reads "170.0°, -1 turn", one at 90° reads "90.0°".
// The reduction is made after rounding, so 179.96° never reads as "180.0°" and "-180.0°" in two
// places. Angles have one decimal: a tenth of a degree is finer than the eye sees on the canvas.

#include <string>

namespace mv {

// An angle split for reading: degrees in (−180, 180] and the whole turns beside them.
struct AngleReading {
    double degrees = 0;
    int turns = 0;  // total = degrees + 360 × turns
};

// Decimals for the angles this file writes.
inline constexpr int kAngleDecimals = 1;

// `radians` in degrees, rounded to `decimals`, then reduced.
AngleReading readAngle(double radians, int decimals = kAngleDecimals);
// "-54.0°, 2 turns", "90.0°", "170.0°, -1 turn"; "undefined" for NaN.
std::string angleText(double radians, int decimals = kAngleDecimals);
// The same for a rate of an angle (radians per second and per second squared): in degrees, not
// reduced, since a speed of 400°/s does not turn; `unit` follows the number ("°/s").
std::string angleRateText(double radiansPerUnit, const char* unit, int decimals = kAngleDecimals);

// `value` with `decimals` fixed decimals; a value that rounds to zero is "0" with its decimals
// (never "-0.0"); beyond 1e9 in magnitude ten significant digits in scientific notation; NaN and
// infinities "undefined".
std::string fixedText(double value, int decimals);

// The decimals for lengths on a canvas this size (0 to 6): 1 for 800 × 400, 0 for 1920 × 1080.
int canvasDecimals(double width, double height);

}  // namespace mv
