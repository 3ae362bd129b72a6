#include "ui/timeline/presentation.h"

#include <algorithm>
#include <cmath>

namespace mv {

Presentation::Presentation(const std::vector<int>& markerFrames, FrameRange frames, double fps)
    : m_frames(frames), m_fps(fps > 0 ? fps : 25), m_frame(frames.first) {
    if (frames.empty()) return;
    m_stops.push_back(frames.first);
    for (const int marker : markerFrames)
        if (marker > frames.first && marker < frames.last) m_stops.push_back(marker);
    if (frames.last > frames.first) m_stops.push_back(frames.last);
    std::sort(m_stops.begin(), m_stops.end());
    m_stops.erase(std::unique(m_stops.begin(), m_stops.end()), m_stops.end());
}

int Presentation::nextStop(int frame) const {
    const auto next = std::upper_bound(m_stops.begin(), m_stops.end(), frame);
    return next == m_stops.end() ? -1 : *next;
}

int Presentation::previousStop(int frame) const {
    const auto at = std::lower_bound(m_stops.begin(), m_stops.end(), frame);
    return at == m_stops.begin() ? m_frames.first : *(at - 1);
}

void Presentation::standAt(int frame) {
    m_target = -1;
    m_frame = m_frames.empty() ? 0 : std::clamp(frame, m_frames.first, m_frames.last);
}

void Presentation::forward(double nowMs) {
    if (playing()) return standAt(m_target);
    const int next = nextStop(m_frame);
    if (next < 0) return;
    m_target = next;
    m_runStart = m_frame;
    m_runStartMs = nowMs;
}

void Presentation::back() {
    standAt(playing() ? previousStop(m_target) : previousStop(m_frame));
}

bool Presentation::advance(double nowMs) {
    if (!playing()) return false;
    const int before = m_frame;
    const auto advanced = static_cast<long long>(std::floor((nowMs - m_runStartMs) * m_fps / 1000));
    const long long frame = m_runStart + std::max(0LL, advanced);
    if (frame >= m_target)
        standAt(m_target);
    else
        m_frame = static_cast<int>(frame);
    return m_frame != before;
}

}  // namespace mv
