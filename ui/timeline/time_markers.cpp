#include "ui/timeline/time_markers.h"

#include <cmath>

namespace mv {

std::vector<TimeMarker> timeMarkers(const Script& script, double startTime) {
    std::vector<TimeMarker> markers;
    markers.reserve(script.steps.size());
    const double fps = script.config.fps;
    for (const Step& step : script.steps)
        markers.push_back({static_cast<int>(std::lround((step.time - startTime) * fps)), step.time,
                           QStringLiteral("@%1").arg(step.time)});
    return markers;
}

}  // namespace mv
