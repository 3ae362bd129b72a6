#include "ui/panels/plot_axis.h"

#include <algorithm>
#include <cmath>

namespace mv {

namespace {

// 1, 2, 5 or 10 times a power of ten, the nearest to `x` from above.
double niceStep(double x) {
    const double power = std::pow(10.0, std::floor(std::log10(x)));
    const double mantissa = x / power;
    const double nice = mantissa <= 1 ? 1 : mantissa <= 2 ? 2 : mantissa <= 5 ? 5 : 10;
    return nice * power;
}

// The ends' step: a twentieth of the range, rounded up to a nice number.
constexpr double kBoundSteps = 20;

}  // namespace

PlotAxis PlotAxis::fitted(double min, double max, int maxTicks) {
    if (!std::isfinite(min) || !std::isfinite(max)) min = 0, max = 1;
    if (max < min) std::swap(min, max);
    if (max - min <= 1e-12 * std::max(1.0, std::abs(min))) {
        const double half = std::max(0.5, std::abs(min) * 0.1);
        min -= half, max += half;
    }
    PlotAxis axis;
    axis.step = niceStep((max - min) / std::max(1, maxTicks - 1));
    // The ends are round numbers just outside the data, on a finer step than the ticks: data
    // reaching -5,922 ends at -6,000, not at the tick step's -10,000 (half the lane left empty).
    const double bound = niceStep((max - min) / kBoundSteps);
    axis.lo = std::floor(min / bound + 1e-9) * bound;
    axis.hi = std::ceil(max / bound - 1e-9) * bound;
    const double first = std::ceil(axis.lo / axis.step - 1e-9) * axis.step;
    for (double tick = first; tick <= axis.hi + axis.step * 1e-9;
         tick = first + static_cast<double>(axis.ticks.size()) * axis.step)
        axis.ticks.push_back(std::abs(tick) < axis.step * 1e-9 ? 0.0 : tick);  // never "-0"
    return axis;
}

QString PlotAxis::label(double value) const {
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
    if (decimals > 6 || std::abs(value) >= 1e7) return QString::number(value, 'g', 3);
    return QString::number(value, 'f', decimals);
}

}  // namespace mv
