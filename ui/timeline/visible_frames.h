#pragma once
// The part of the animation the timeline shows: a window of frames onto [0, count), mapped onto a
// bar of pixels. Frame k occupies the columns [k, k+1), so a one-frame animation still has a
// column and the playhead sits in the middle of its frame. Zooming keeps the frame under a given
// pixel where it is; the window never leaves the animation and never shows fewer than
// kMinimumSpan frames (or all of them, when there are fewer).

#include <algorithm>

namespace mv {

class VisibleFrames {
public:
    static constexpr double kMinimumSpan = 5;

    void setFrameCount(int count);
    void fit();  // the whole animation
    // Zooms by `factor` (> 1: in) keeping the frame at pixel x (in a bar of `width` pixels
    // starting at 0) under that pixel; the window is then clamped to the animation.
    void zoomAt(double factor, double x, double width);
    void panBy(double frames);
    // Scrolls the least that shows frame `frame` whole, with `margin` frames around it when the
    // window is wide enough.
    void reveal(int frame, double margin = 0);
    bool shows(int frame) const { return frame >= m_first && frame + 1 <= m_first + m_span; }

    double first() const { return m_first; }
    double span() const { return m_span; }
    int frameCount() const { return m_count; }
    bool isFitted() const { return m_first <= 0 && m_span >= m_count; }
    double zoom() const { return m_count > 0 ? m_count / m_span : 1; }

    // Pixel of a frame position (fractional: 12.5 is the middle of frame 12) in a bar of `width`.
    double xOf(double frame, double width) const { return width * (frame - m_first) / m_span; }
    // The frame position at pixel x (fractional; floor() gives the frame whose column it is).
    double frameAt(double x, double width) const { return m_first + x / width * m_span; }

private:
    double minimumSpan() const { return std::min<double>(kMinimumSpan, std::max(m_count, 1)); }
    void clamp();

    int m_count = 0;
    double m_first = 0;
    double m_span = 1;
};

}  // namespace mv
