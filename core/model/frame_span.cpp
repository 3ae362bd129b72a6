#include "core/model/frame_span.h"

#include <algorithm>

namespace mv {

FrameSpan FrameSpan::clampedTo(int frameCount) const {
    FrameSpan clamped{std::max(first, 0), std::min(last, frameCount - 1)};
    if (clamped.empty()) return {0, -1};
    return clamped;
}

std::string describe(FrameSpan span) {
    if (span.empty()) return "no frames";
    const std::string count = " (" + std::to_string(span.count()) + ")";
    if (span.count() == 1) return "frame " + std::to_string(span.first) + count;
    return "frames " + std::to_string(span.first) + "\u2013" + std::to_string(span.last) + count;
}

}  // namespace mv
