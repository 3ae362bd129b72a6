#pragma once
// Which frame playback shows: it follows the wall clock (frame = start + elapsed · fps · speed), so
// a slow paint drops frames instead of slowing the animation down, and it stays within a range of
// frames (the in/out range, or the whole animation), wrapping to its first frame when looping and
// stopping on its last otherwise.

#include "core/model/frame_range.h"

namespace mv {

struct PlaybackClock {
    double fps = 25;
    double speed = 1;  // ¼× to 4×: wall-clock seconds per animation second

    // Milliseconds of wall clock between two frames at this speed.
    double frameIntervalMs() const { return 1000 / (fps * speed); }

    struct Position {
        int frame = 0;
        bool finished = false;  // not looping and past the range's last frame
    };
    // Where playback is `elapsedMs` after it started (or restarted) at frame `start`, a frame of
    // `range`.
    Position at(int start, double elapsedMs, FrameRange range, bool loop) const;
};

}  // namespace mv
