#include "ui/timeline/timeline_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <iterator>

#include "core/model/time_markers.h"
#include "ui/preview/preview_animation.h"

namespace mv {

namespace {

constexpr int kTickMs = 10;      // how often playback looks at the clock
constexpr double kZoomStep = 2;  // the zoom buttons halve or double the frames in view
const char* const kSpeedNames[] = {"\u00bc\u00d7", "\u00bd\u00d7", "1\u00d7", "2\u00d7", "4\u00d7"};

QString rangeText(FrameRange range) {
    return QString::fromStdString(describe(range));
}

}  // namespace

TimelinePanel::TimelinePanel(QWidget* parent)
    : QWidget(parent),
      m_bar(new TimelineBar(this)),
      m_play(new QToolButton(this)),
      m_loop(new QCheckBox(tr("Loop"), this)),
      m_speed(new QComboBox(this)),
      m_frameRangeLabel(new QLabel(this)),
      m_label(new QLabel(this)) {
    m_frameRangeLabel->setObjectName("frameRangeLabel");
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(0);
    layout->addWidget(m_bar);
    layout->addWidget(buildControls());
    m_tick.setInterval(kTickMs);
    m_tick.setTimerType(Qt::PreciseTimer);
    connect(&m_tick, &QTimer::timeout, this, &TimelinePanel::advance);
    connect(m_bar, &TimelineBar::frameRequested, this, &TimelinePanel::setCurrentFrame);
    updateLabels();
}

// The controls are a tool bar so that a narrow window keeps them all: what does not fit moves
// into the tool bar's » menu, the zoom buttons first, then In, Out and Clear, which go together.
// The time and, under it, the in/out range stay outside the tool bar and are never hidden.
QWidget* TimelinePanel::buildControls() {
    auto* controls = new QWidget(this);
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_play->setToolTip(tr("Play / pause (Space)"));
    m_loop->setChecked(true);
    m_loop->setToolTip(tr("Play the in/out range (or every frame) over and over"));
    for (size_t i = 0; i < std::size(kSpeeds); ++i) m_speed->addItem(kSpeedNames[i], kSpeeds[i]);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Playback speed"));
    auto* tools = new QToolBar(controls);
    tools->setIconSize(QSize(16, 16));
    tools->addWidget(m_play);
    tools->addWidget(m_loop);
    tools->addWidget(m_speed);
    const auto button = [&](const QString& text, const QString& tip, auto slot) {
        QAction* action = tools->addAction(text, this, slot);
        action->setToolTip(tip);
    };
    tools->addWidget(buildRangeButtons(tools));
    auto* gap = new QWidget(tools);
    gap->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    tools->addWidget(gap);
    button("\u2212", tr("Show more frames (Ctrl+wheel down)"),
           [this] { m_bar->zoomAroundPlayhead(1 / kZoomStep); });
    button("+", tr("Show fewer frames (Ctrl+wheel up)"),
           [this] { m_bar->zoomAroundPlayhead(kZoomStep); });
    button(tr("Fit"), tr("Show every frame"), [this] { m_bar->fit(); });
    m_label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    auto* row = new QHBoxLayout(controls);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(tools, 1);
    // The time over the range, one under the other: the two are never hidden, and stacked they
    // ask for the width of the wider only, so a narrow window keeps its canvas.
    auto* said = new QVBoxLayout;
    said->setSpacing(0);
    m_frameRangeLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    QFont small = m_frameRangeLabel->font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_frameRangeLabel->setFont(small);
    said->addWidget(m_label);
    said->addWidget(m_frameRangeLabel);
    row->addLayout(said);
    connect(m_play, &QToolButton::clicked, this, &TimelinePanel::togglePlay);
    connect(m_speed, &QComboBox::currentIndexChanged, this,
            [this] { setSpeed(m_speed->currentData().toDouble()); });
    return controls;
}

// In, Out and Clear as one widget: the tool bar's » menu takes all three or none.
QWidget* TimelinePanel::buildRangeButtons(QWidget* parent) {
    auto* group = new QWidget(parent);
    auto* row = new QHBoxLayout(group);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(0);
    const auto button = [&](const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton(group);
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        connect(b, &QToolButton::clicked, this, slot);
        row->addWidget(b);
    };
    button(tr("In"), tr("Start the in/out range at the playhead (I, Alt+I)"),
           &TimelinePanel::setInPoint);
    button(tr("Out"), tr("End the in/out range at the playhead (O, Alt+O)"),
           &TimelinePanel::setOutPoint);
    button(tr("Clear"), tr("Clear the in/out range"), &TimelinePanel::clearFrameRange);
    return group;
}

void TimelinePanel::showAnimation(const PreviewAnimation& shown) {
    m_clock.fps = shown.script ? shown.script->config.fps : 25;
    m_startTime = shown.plan.frames.empty() ? 0 : shown.plan.frames.front().time;
    m_bar->setFrameCount(shown.frameCount());
    std::vector<TimelineBar::Marker> markers;
    m_markerFrames.clear();
    if (shown.script)
        for (const TimeMarker& marker : timeMarkers(*shown.script, m_startTime)) {
            markers.push_back({marker.frame, QString::fromStdString(marker.label)});
            m_markerFrames.push_back(marker.frame);
        }
    m_bar->setMarkers(std::move(markers));
    std::vector<int> failed;
    for (const FrameSolution& frame : shown.solved())
        if (frame.failed) failed.push_back(frame.index);
    m_bar->setSolved(shown.solvedCount(), failed);
    // An in/out range outlives edits; it shrinks with the animation, and goes when nothing is left.
    if (m_frameRange && m_frameRange->clampedTo(shown.frameCount()) != *m_frameRange) {
        const FrameRange kept = m_frameRange->clampedTo(shown.frameCount());
        setFrameRange(kept.empty() ? std::nullopt : std::optional(kept));
    }
    if (m_bar->currentFrame() >= shown.frameCount()) setCurrentFrame(shown.frameCount() - 1);
    fitTimeLabel();
    updateLabels();
}

FrameRange TimelinePanel::playRange() const {
    const int count = m_bar->frameCount();
    return m_frameRange ? m_frameRange->clampedTo(count) : FrameRange::all(count);
}

bool TimelinePanel::loops() const {
    return m_loop->isChecked();
}

void TimelinePanel::setCurrentFrame(int frame) {
    frame = std::clamp(frame, 0, std::max(0, m_bar->frameCount() - 1));
    m_bar->setCurrentFrame(frame);
    updateLabels();
    emit currentFrameChanged(frame);
}

void TimelinePanel::togglePlay() {
    if (m_tick.isActive()) {
        m_tick.stop();
        m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
        return;
    }
    const FrameRange range = playRange();
    if (range.count() < 2) return;
    if (!range.contains(currentFrame()) || currentFrame() == range.last)
        setCurrentFrame(range.first);
    restartClock();
    m_tick.start();
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
}

void TimelinePanel::restartClock() {
    m_playStart = currentFrame();
    m_elapsed.start();
}

void TimelinePanel::stepFrames(int delta) {
    setCurrentFrame(currentFrame() + delta);
}

void TimelinePanel::stepMarkers(int direction) {
    const int now = currentFrame();
    int target = direction > 0 ? m_bar->frameCount() - 1 : 0;  // past the last: the end
    for (const int frame : m_markerFrames)
        if (direction > 0 ? frame > now && frame < target : frame < now && frame > target)
            target = frame;
    setCurrentFrame(target);
}

void TimelinePanel::changeSpeed(int steps) {
    const int index = std::clamp(m_speed->currentIndex() + steps, 0, int(std::size(kSpeeds)) - 1);
    setSpeed(kSpeeds[index]);
}

void TimelinePanel::setSpeed(double speed) {
    const auto* known = std::find(std::begin(kSpeeds), std::end(kSpeeds), speed);
    if (known == std::end(kSpeeds)) return;
    m_clock.speed = speed;
    m_speed->setCurrentIndex(static_cast<int>(known - std::begin(kSpeeds)));
    if (isPlaying()) restartClock();  // the new speed counts from the frame shown now
}

void TimelinePanel::setInPoint() {
    const int count = m_bar->frameCount();
    if (count == 0) return;
    const int last =
        m_frameRange && m_frameRange->last >= currentFrame() ? m_frameRange->last : count - 1;
    setFrameRange(FrameRange{currentFrame(), last});
}

void TimelinePanel::setOutPoint() {
    if (m_bar->frameCount() == 0) return;
    const int first =
        m_frameRange && m_frameRange->first <= currentFrame() ? m_frameRange->first : 0;
    setFrameRange(FrameRange{first, currentFrame()});
}

void TimelinePanel::clearFrameRange() {
    setFrameRange(std::nullopt);
}

void TimelinePanel::setFrameRange(std::optional<FrameRange> range) {
    if (range == m_frameRange) return;
    m_frameRange = range;
    m_bar->setFrameRange(range);
    if (isPlaying()) restartClock();
    updateLabels();
}

void TimelinePanel::advance() {
    const auto position =
        m_clock.at(m_playStart, m_elapsed.nsecsElapsed() / 1e6, playRange(), m_loop->isChecked());
    if (position.frame != currentFrame()) setCurrentFrame(position.frame);
    if (position.finished) togglePlay();
}

void TimelinePanel::updateLabels() {
    const int count = m_bar->frameCount();
    m_frameRangeLabel->setText(m_frameRange ? tr("in/out: %1").arg(rangeText(*m_frameRange))
                                            : tr("all: %1").arg(rangeText(FrameRange::all(count))));
    m_label->setText(count == 0 ? tr("no frames") : timeText(currentFrame()));
}

QString TimelinePanel::timeText(int frame) const {
    const double time = m_startTime + frame / m_clock.fps;
    return tr("T %1 s  frame %2 / %3").arg(time, 0, 'f', 2).arg(frame).arg(m_bar->frameCount() - 1);
}

// As wide as the widest the time label gets in this animation: it is never cut, and the buttons
// before it do not move as the digits change. Once per animation, not per frame played.
void TimelinePanel::fitTimeLabel() {
    const int count = m_bar->frameCount();
    const QString widest = count == 0 ? tr("no frames") : timeText(count - 1);
    m_label->setMinimumWidth(m_label->fontMetrics().horizontalAdvance(widest));
}

// Every command has a key that the script pane does not type: Space and the arrows drive
// playback only while the canvas or the timeline has the focus (MainWindow), these work from
// anywhere in the window. Ctrl+Space is the script's completion, so playing is Ctrl+Shift+Space.
void TimelinePanel::fillPlaybackMenu(QMenu* menu) {
    const auto add = [&](const QString& text, QKeySequence key, auto slot) {
        QAction* action = menu->addAction(text, this, slot);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WindowShortcut);
    };
    add(tr("Play / Pause"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Space),
        &TimelinePanel::togglePlay);
    add(tr("Next Frame"), QKeySequence(Qt::ALT | Qt::Key_Right), [this] { stepFrames(1); });
    add(tr("Previous Frame"), QKeySequence(Qt::ALT | Qt::Key_Left), [this] { stepFrames(-1); });
    add(tr("Next Marker"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Right),
        [this] { stepMarkers(1); });
    add(tr("Previous Marker"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Left),
        [this] { stepMarkers(-1); });
    add(tr("First Frame"), QKeySequence(Qt::ALT | Qt::Key_Home), &TimelinePanel::goToStart);
    add(tr("Last Frame"), QKeySequence(Qt::ALT | Qt::Key_End), &TimelinePanel::goToEnd);
    menu->addSeparator();
    add(tr("Faster"), QKeySequence(Qt::ALT | Qt::Key_Up), [this] { changeSpeed(1); });
    add(tr("Slower"), QKeySequence(Qt::ALT | Qt::Key_Down), [this] { changeSpeed(-1); });
    add(tr("Normal Speed"), QKeySequence(Qt::ALT | Qt::Key_1), [this] { setSpeed(1); });
    menu->addSeparator();
    add(tr("Set In Point"), QKeySequence(Qt::ALT | Qt::Key_I), &TimelinePanel::setInPoint);
    add(tr("Set Out Point"), QKeySequence(Qt::ALT | Qt::Key_O), &TimelinePanel::setOutPoint);
    add(tr("Clear In/Out Range"), QKeySequence(Qt::ALT | Qt::Key_C),
        &TimelinePanel::clearFrameRange);
}

}  // namespace mv
