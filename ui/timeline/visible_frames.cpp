#include "ui/timeline/visible_frames.h"

namespace mv {

void VisibleFrames::setFrameCount(int count) {
    const bool wasFitted = isFitted();
    m_count = std::max(0, count);
    // Fitted stays fitted when the animation grows or shrinks: it is what the user chose.
    if (wasFitted) return fit();
    clamp();
}

void VisibleFrames::fit() {
    m_first = 0;
    m_span = std::max(m_count, 1);
}

void VisibleFrames::zoomAt(double factor, double x, double width) {
    if (!(factor > 0) || !(width > 0)) return;
    const double anchor = frameAt(x, width);
    m_span = std::clamp(m_span / factor, minimumSpan(), double(std::max(m_count, 1)));
    m_first = anchor - x / width * m_span;
    clamp();
}

void VisibleFrames::panBy(double frames) {
    m_first += frames;
    clamp();
}

void VisibleFrames::reveal(int frame, double margin) {
    if (m_count == 0) return;
    margin = std::min(margin, std::max(0.0, (m_span - 1) / 2));
    if (frame - margin < m_first)
        m_first = frame - margin;
    else if (frame + 1 + margin > m_first + m_span)
        m_first = frame + 1 + margin - m_span;
    clamp();
}

void VisibleFrames::clamp() {
    const double whole = std::max(m_count, 1);
    m_span = std::clamp(m_span, minimumSpan(), whole);
    m_first = std::clamp(m_first, 0.0, whole - m_span);
}

}  // namespace mv
