#include "ui/timeline/playback_clock.h"

#include <cmath>

namespace mv {

PlaybackClock::Position PlaybackClock::at(int start, double elapsedMs, FrameRange range,
                                          bool loop) const {
    if (range.empty()) return {start, true};
    if (!range.contains(start)) start = range.first;  // the range changed under the playhead
    const auto advanced = static_cast<long long>(std::floor(elapsedMs / frameIntervalMs()));
    const long long offset = start - range.first + advanced;
    if (offset < range.count()) return {range.first + static_cast<int>(offset), false};
    if (!loop) return {range.last, true};
    return {range.first + static_cast<int>(offset % range.count()), false};
}

}  // namespace mv
