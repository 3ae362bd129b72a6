#include "ui/timeline_panel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

#include <cmath>

#include "ui/preview_animation.h"

namespace mv {

namespace {
constexpr int kTickMs = 10;  // how often playback looks at the clock
}

TimelinePanel::TimelinePanel(QWidget* parent)
    : QWidget(parent),
      m_timeline(new TimelineWidget(this)),
      m_play(new QToolButton(this)),
      m_loop(new QCheckBox(tr("Loop"), this)),
      m_label(new QLabel(this)) {
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_play->setToolTip(tr("Play / pause (Space)"));
    m_loop->setChecked(true);
    m_label->setMinimumWidth(
        m_label->fontMetrics().horizontalAdvance("T 000.00 s  frame 0000 / 0000"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(m_play);
    layout->addWidget(m_loop);
    layout->addWidget(m_timeline, 1);
    layout->addWidget(m_label);
    m_tick.setInterval(kTickMs);
    m_tick.setTimerType(Qt::PreciseTimer);
    connect(&m_tick, &QTimer::timeout, this, &TimelinePanel::advance);
    connect(m_play, &QToolButton::clicked, this, &TimelinePanel::togglePlay);
    connect(m_timeline, &TimelineWidget::frameRequested, this, &TimelinePanel::setCurrentFrame);
    updateLabel();
}

void TimelinePanel::showAnimation(const PreviewAnimation& shown) {
    m_fps = shown.script ? shown.script->config.fps : 25;
    m_startTime = shown.plan.frames.empty() ? 0 : shown.plan.frames.front().time;
    m_timeline->setFrameCount(shown.frameCount());
    std::vector<TimelineWidget::Marker> markers;
    if (shown.script) {
        for (const Step& step : shown.script->steps) {
            const int frame = static_cast<int>(std::lround((step.time - m_startTime) * m_fps));
            markers.push_back({frame, QStringLiteral("@%1").arg(step.time)});
        }
    }
    m_timeline->setMarkers(std::move(markers));
    std::vector<int> failed;
    for (const FrameSolution& frame : shown.frames)
        if (frame.failed) failed.push_back(frame.index);
    m_timeline->setSolved(shown.solvedCount(), std::move(failed));
    if (m_timeline->currentFrame() >= shown.frameCount()) setCurrentFrame(shown.frameCount() - 1);
    updateLabel();
}

void TimelinePanel::setCurrentFrame(int frame) {
    frame = std::clamp(frame, 0, std::max(0, m_timeline->frameCount() - 1));
    m_timeline->setCurrentFrame(frame);
    updateLabel();
    emit currentFrameChanged(frame);
}

void TimelinePanel::togglePlay() {
    if (m_tick.isActive()) {
        m_tick.stop();
        m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
        return;
    }
    if (m_timeline->frameCount() < 2) return;
    if (currentFrame() >= m_timeline->frameCount() - 1) setCurrentFrame(0);
    m_playStart = currentFrame();
    m_clock.start();
    m_tick.start();
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
}

void TimelinePanel::stepFrames(int delta) {
    setCurrentFrame(currentFrame() + delta);
}

void TimelinePanel::advance() {
    const int count = m_timeline->frameCount();
    const int frame = m_playStart + static_cast<int>(m_clock.elapsed() / 1000.0 * m_fps);
    if (frame < count) {
        if (frame != currentFrame()) setCurrentFrame(frame);
        return;
    }
    if (!m_loop->isChecked()) {
        setCurrentFrame(count - 1);
        togglePlay();
        return;
    }
    m_playStart = 0;
    m_clock.start();
    setCurrentFrame(0);
}

void TimelinePanel::updateLabel() {
    const int count = m_timeline->frameCount();
    const double time = m_startTime + currentFrame() / m_fps;
    m_label->setText(
        count == 0
            ? tr("no frames")
            : tr("T %1 s  frame %2 / %3").arg(time, 0, 'f', 2).arg(currentFrame()).arg(count - 1));
}

}  // namespace mv
