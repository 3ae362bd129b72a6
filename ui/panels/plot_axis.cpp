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
    axis.lo = std::floor(min / axis.step) * axis.step;
    axis.hi = std::ceil(max / axis.step) * axis.step;
    const int count = static_cast<int>(std::lround((axis.hi - axis.lo) / axis.step));
    for (int i = 0; i <= count; ++i) {
        const double tick = axis.lo + i * axis.step;
        axis.ticks.push_back(std::abs(tick) < axis.step * 1e-9 ? 0.0 : tick);  // never "-0"
    }
    return axis;
}

QString PlotAxis::label(double value) const {
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step) + 1e-9)));
    if (decimals > 6 || std::abs(value) >= 1e7) return QString::number(value, 'g', 3);
    return QString::number(value, 'f', decimals);
}

}  // namespace mv
