#pragma once
// Presentation from marker to marker: the script's markers as its slides. The playhead stands at a
// stop (the first frame, every marker, the last frame); going on plays to the next stop at the
// script's speed and stands there; going on while it plays is being there at once; going back
// stands at the stop before (while playing: the stop the run started from). The editor's
// presentation window and the HTML player (resources/player/player.js) follow the same rules.
//
// Time is given, not read: `advance(nowMs)` says where playback is at that wall-clock time, so a
// slow paint skips frames instead of slowing the run down (as PlaybackClock does), and tests run
// it without waiting.

#include <vector>

#include "core/model/frame_range.h"

namespace mv {

class Presentation {
public:
    // `markerFrames` in any order (those outside `frames` are left out); `fps` of the script.
    Presentation(const std::vector<int>& markerFrames, FrameRange frames, double fps);

    const std::vector<int>& stops() const { return m_stops; }
    int frame() const { return m_frame; }
    bool playing() const { return m_target >= 0; }

    void standAt(int frame);  // stands there (clamped to the frames), not playing
    void forward(double nowMs);
    void back();
    // Moves the playhead to where the run is at `nowMs`; true when the frame changed.
    bool advance(double nowMs);

private:
    int nextStop(int frame) const;      // -1 past the last
    int previousStop(int frame) const;  // the first frame before the first stop

    std::vector<int> m_stops;
    FrameRange m_frames;
    double m_fps;
    int m_frame = 0;
    int m_target = -1;  // the stop being played to; -1 standing
    int m_runStart = 0;
    double m_runStartMs = 0;
};

}  // namespace mv
