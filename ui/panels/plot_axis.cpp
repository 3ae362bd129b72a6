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

// The nice number below a nice step: 50 → 20 → 10 → 5.
double finerStep(double step) {
    const double power = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    const double mantissa = std::round(step / power);
    return mantissa >= 5 ? 2 * power : mantissa >= 2 ? power : power / 2;
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
    // Ends inside the tick step's multiples can leave a lane with one tick: then finer steps.
    for (axis.placeTicks(); axis.ticks.size() < 3 && axis.step > bound; axis.placeTicks())
        axis.step = finerStep(axis.step);
    return axis;
}

void PlotAxis::placeTicks() {
    ticks.clear();
    const double first = std::ceil(lo / step - 1e-9) * step;
    for (double tick = first; tick <= hi + step * 1e-9;
         tick = first + static_cast<double>(ticks.size()) * step)
        ticks.push_back(std::abs(tick) < step * 1e-9 ? 0.0 : tick);  // never "-0"
}

QString PlotAxis::label(double value) const {
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
    if (decimals > 6 || std::abs(value) >= 1e7) return QString::number(value, 'g', 3);
    return QString::number(value, 'f', decimals);
}

}  // namespace mv
