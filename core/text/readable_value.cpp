#include "core/text/readable_value.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/model/elementary_functions.h"

namespace mv {

namespace {

constexpr double kFixedLimit = 1e9;
constexpr int kMaxDecimals = 6;

double rounded(double value, int decimals) {
    const double scale = elementary::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

std::string formatted(const char* format, int decimals, double value) {
    char text[64];
    std::snprintf(text, sizeof text, format, decimals, value);
    return text;
}

}  // namespace

AngleReading readAngle(double radians, int decimals) {
    const double total = rounded(radians * 180 / std::numbers::pi, decimals);
    // The turns that bring the total into (−180, 180]: 180 stays, 180.1 is −179.9 and a turn.
    const double turns = std::ceil((total - 180) / 360);
    return {rounded(total - 360 * turns, decimals), static_cast<int>(turns)};
}

std::string angleText(double radians, int decimals) {
    if (!std::isfinite(radians)) return "undefined";
    const AngleReading angle = readAngle(radians, decimals);
    std::string text = fixedText(angle.degrees, decimals) + "°";
    if (angle.turns != 0)
        text += ", " + std::to_string(angle.turns) +
                (angle.turns == 1 || angle.turns == -1 ? " turn" : " turns");
    return text;
}

std::string angleRateText(double radiansPerUnit, const char* unit, int decimals) {
    if (!std::isfinite(radiansPerUnit)) return "undefined";
    return fixedText(radiansPerUnit * 180 / std::numbers::pi, decimals) + unit;
}

std::string fixedText(double value, int decimals) {
    if (!std::isfinite(value)) return "undefined";
    if (std::abs(value) >= kFixedLimit) return formatted("%.*e", 9, value);
    const double shown = rounded(value, decimals);
    return formatted("%.*f", decimals, shown == 0 ? 0.0 : shown);  // == 0 also for -0
}

int canvasDecimals(double width, double height) {
    const double side = std::max(width, height);
    if (!(side > 0) || !std::isfinite(side)) return 1;
    // A thousandth of the side, as a power of ten: 10^(floor(log10 side) − 3) or finer.
    const int decimals = 3 - static_cast<int>(std::floor(elementary::log10(side)));
    return std::clamp(decimals, 0, kMaxDecimals);
}

}  // namespace mv
