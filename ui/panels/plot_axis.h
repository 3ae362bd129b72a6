#pragma once
// The scale of one plot axis: ticks 1, 2 or 5 times a power of ten apart (Heckbert, "Nice numbers
// for graph labels", Graphics Gems 1990), so the labels read 0, 20, 40 rather than 3.7, 23.1,
// 42.5; and ends that are round numbers just outside the data, on a step a twentieth of its range
// (-6,000 for data reaching -5,922), so the curve fills the lane.

#include <QString>

#include <vector>

namespace mv {

struct PlotAxis {
    double lo = 0;
    double hi = 1;
    double step = 0.5;
    std::vector<double> ticks;  // the multiples of step in [lo, hi]

    // At most about `maxTicks` ticks over [min, max] (a zero range is widened around its value;
    // non-finite bounds give [0, 1]).
    static PlotAxis fitted(double min, double max, int maxTicks);
    // A tick's label with as many decimals as the step needs: "0.25", "1500", "-2e-06".
    QString label(double value) const;

private:
    void placeTicks();  // the multiples of step in [lo, hi]
};

}  // namespace mv
