#include "core/model/time_markers.h"

#include <cmath>
#include <cstdio>

namespace mv {

std::vector<TimeMarker> timeMarkers(const Script& script, double startTime) {
    std::vector<TimeMarker> markers;
    markers.reserve(script.steps.size());
    const double fps = script.config.fps;
    for (const Step& step : script.steps) {
        // Six significant digits, as printf's %g (and Qt's QString::arg(double) before) writes.
        char label[40];
        std::snprintf(label, sizeof label, "@%g", step.time);
        markers.push_back(
            {static_cast<int>(std::lround((step.time - startTime) * fps)), step.time, label});
    }
    return markers;
}

}  // namespace mv
