#pragma once
// The timeline of a script (docs/reference.md#frames-and-time): which frames exist, when each one
// is, which step it belongs to, and the segments, runs of frames over which the active constraint
// set does not change. The solver builds one problem per segment and reuses it for all its frames.
// A last marker without statements (a closing marker) opens no step: its frame, the last, stays
// in the step before it with `t` equal to that step's length.

#include <vector>

#include "core/model/script.h"

namespace mv {

struct Frame {
    int index = 0;
    double time = 0;  // T: T0 + index / fps, computed from the index, never accumulated; the
                      // closing marker's time on its frame
    double t = 0;     // time since the marker of its step; its length on a closing marker
    double iv = 0;    // length of its step (0 in a last step that has statements)
    int step = 0;
    int segment = 0;
};

struct Segment {
    int firstFrame = 0;
    int endFrame = 0;                       // one past the last frame
    int firstStep = 0;                      // the step of its first frame
    std::vector<ConstraintId> constraints;  // active, in source order, without `= _` constraints
};

struct FramePlan {
    std::vector<Frame> frames;
    std::vector<Segment> segments;
};

// Times within this tolerance (seconds) are equal: a frame at 12.3 s belongs to a marker at 12.3.
inline constexpr double kTimeTolerance = 1e-9;
// The analyzer rejects scripts whose timeline has more frames than this (a typo like `@+1e9`
// must not exhaust memory); planFrames returns no frames for such a script.
inline constexpr double kMaxFrames = 1e6;

FramePlan planFrames(const Script& script);

}  // namespace mv
