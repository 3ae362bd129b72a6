#pragma once
// Numbers in the script's text as the editor's direct manipulation sees them: finding the number
// under the mouse (for scrubbing) and writing a number back (after a drag or a scrub).

#include <QString>

#include <optional>

namespace mv {

struct NumberLiteral {
    int position = 0;  // in the QString, the minus included
    int length = 0;
    double value = 0;
    int decimals = 0;  // digits written after the point
};

// The number at `position` of `line` (one line of text): digits with an optional point, and a
// minus before them when it is a sign there (after `[`, `(`, `,`, `=`, an operator, or at the
// start), not a subtraction. None inside a comment or a string, or for a number with an exponent
// (`1e-3`), which scrubbing could not step sensibly.
std::optional<NumberLiteral> numberAt(const QString& line, int position);

// `value` with `decimals` digits after the point (none: an integer), without a negative zero.
QString formatNumber(double value, int decimals);

}  // namespace mv
