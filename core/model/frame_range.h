#pragma once
// A range of frames, inclusive of both ends: the one frame-range rule of the editor and the
// command line (`--frames 0:325` and the editor's "frames 0–325 (326)" select the same 326
// frames). Kept as first and last rather than a half-open end, so that what the user reads and
// what the code holds are the same two numbers.

#include <limits>
#include <string>

namespace mv {

struct FrameRange {
    // The last frame of a range that runs to the end of whatever animation it is clamped to.
    static constexpr int kToTheEnd = std::numeric_limits<int>::max();

    int first = 0;
    int last = -1;  // last < first: no frames

    static FrameRange all(int frameCount) { return {0, frameCount - 1}; }
    // Frames `first` to the end: `--frames A:`.
    static FrameRange from(int first) { return {first, kToTheEnd}; }

    bool empty() const { return last < first; }
    int count() const { return empty() ? 0 : last - first + 1; }
    bool contains(int frame) const { return frame >= first && frame <= last; }
    // The range limited to an animation of `frameCount` frames (empty when nothing is left).
    FrameRange clampedTo(int frameCount) const;
    // How many leading frames of an animation must be solved to hold the range; -1: all of them.
    int leadingFrames() const { return last == kToTheEnd ? -1 : last + 1; }
    bool operator==(const FrameRange&) const = default;
};

// "frames 0–325 (326)", "frame 7 (1)", "no frames": how the editor and the docs show a range.
std::string describe(FrameRange range);

}  // namespace mv
