#include "ui/timeline/marker_labels.h"

#include <algorithm>

namespace mv {

namespace {
constexpr double kOffset = 2;  // text starts this far right of its tick
}

std::vector<MarkerLabelSlot> placeMarkerLabels(const std::vector<double>& ticks,
                                               const std::vector<double>& widths, double left,
                                               double right, double gap) {
    std::vector<MarkerLabelSlot> placed;
    double free = left;  // the first x the next label may use
    for (size_t i = 0; i < ticks.size() && i < widths.size(); ++i) {
        if (ticks[i] < left || ticks[i] > right) continue;  // its tick is not shown
        const double start = std::min(ticks[i] + kOffset, right - widths[i]);
        if (start < free || start < left) continue;
        placed.push_back({static_cast<int>(i), start, start + widths[i]});
        free = start + widths[i] + gap;
    }
    return placed;
}

}  // namespace mv
