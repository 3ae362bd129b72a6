#pragma once
// Which time-marker labels the timeline draws: as many as fit in one row without overlapping.
// Labels are taken left to right, each starting just right of its tick (or ending at the right
// edge when it would run past it), and a label that would touch the one before is left out; its
// tick stays, and hovering shows it. So however many markers there are (10,000 frames with a
// marker a second), the row never turns into overprinted text, and zooming in shows more labels.

#include <vector>

namespace mv {

struct MarkerLabelSlot {
    int marker = 0;    // index into the ticks given
    double left = 0;   // where the label's text starts
    double right = 0;  // where it ends
};

// `ticks`: the markers' x positions in increasing order; `widths`: their labels' widths. Labels
// must lie within [left, right] and keep `gap` pixels between each other.
std::vector<MarkerLabelSlot> placeMarkerLabels(const std::vector<double>& ticks,
                                               const std::vector<double>& widths, double left,
                                               double right, double gap);

}  // namespace mv
