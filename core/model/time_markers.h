#pragma once
// The script's time markers as the timeline shows them: each step's marker at the frame nearest
// its time, labelled "@1", "@13" (its absolute time in seconds). The editor's timeline, its
// presentation mode and the HTML players (solver/api/player_data.h) all take them from here, so
// they agree on every frame.

#include <string>
#include <vector>

#include "core/model/script.h"

namespace mv {

struct TimeMarker {
    int frame = 0;
    double time = 0;    // seconds, absolute
    std::string label;  // "@1"
};

// `startTime` is T of frame 0 (the plan's first frame).
std::vector<TimeMarker> timeMarkers(const Script& script, double startTime);

}  // namespace mv
