#include "core/model/frame_range.h"

#include <algorithm>

namespace mv {

FrameRange FrameRange::clampedTo(int frameCount) const {
    FrameRange clamped{std::max(first, 0), std::min(last, frameCount - 1)};
    if (clamped.empty()) return {0, -1};
    return clamped;
}

std::string describe(FrameRange range) {
    if (range.empty()) return "no frames";
    const std::string count = " (" + std::to_string(range.count()) + ")";
    if (range.count() == 1) return "frame " + std::to_string(range.first) + count;
    return "frames " + std::to_string(range.first) + "\u2013" + std::to_string(range.last) + count;
}

}  // namespace mv
