#pragma once
// The timeline with its controls: play/pause, loop, playback speed (¼× to 4×), the in/out range
// (set from the playhead; playback and export use it), zoom and fit, and the current time and
// frame. Holds the current frame; everything that shows "the current frame" listens to
// currentFrameChanged. Playback itself is a PlaybackClock polled by a timer.

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <optional>
#include <vector>

#include "core/model/frame_range.h"
#include "ui/timeline/playback_clock.h"
#include "ui/timeline/timeline_bar.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QMenu;
class QToolButton;

namespace mv {

struct PreviewAnimation;

class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);

    // Takes the plan, markers and solved range of what is shown (after a reset or new frames).
    void showAnimation(const PreviewAnimation& shown);
    int currentFrame() const { return m_bar->currentFrame(); }
    bool isPlaying() const { return m_tick.isActive(); }
    TimelineBar* bar() const { return m_bar; }

    double speed() const { return m_clock.speed; }
    // Wall-clock milliseconds between two frames of playback at the current speed.
    double frameIntervalMs() const { return m_clock.frameIntervalMs(); }
    // The frame range set with In and Out (the in/out range), if any; playRange() is it or else
    // every frame.
    std::optional<FrameRange> frameRange() const { return m_frameRange; }
    FrameRange playRange() const;
    bool loops() const;

    static constexpr double kSpeeds[] = {0.25, 0.5, 1, 2, 4};

    // The window's Playback menu: every command with a shortcut that works from anywhere in the
    // window, the script pane included.
    void fillPlaybackMenu(QMenu* menu);

public slots:
    void setCurrentFrame(int frame);
    void togglePlay();
    void stepFrames(int delta);
    void goToStart() { setCurrentFrame(0); }
    void goToEnd() { setCurrentFrame(m_bar->frameCount() - 1); }
    void setSpeed(double speed);  // one of kSpeeds
    void changeSpeed(int steps);  // to the next faster (1) or slower (-1) of kSpeeds
    // To the next marker after the playhead (1) or before it (-1); past the last, the end.
    void stepMarkers(int direction);
    void setInPoint();   // the frame range starts at the playhead
    void setOutPoint();  // and ends there
    void clearFrameRange();

signals:
    void currentFrameChanged(int frame);

private:
    QWidget* buildControls();
    QWidget* buildRangeButtons(QWidget* parent);
    void setFrameRange(std::optional<FrameRange> range);
    void restartClock();
    void advance();
    void updateLabels();
    void fitTimeLabel();
    QString timeText(int frame) const;  // "T 1.20 s  frame 30 / 325"

    TimelineBar* m_bar;
    QToolButton* m_play;
    QCheckBox* m_loop;
    QComboBox* m_speed;
    QLabel* m_frameRangeLabel;
    QLabel* m_label;
    QTimer m_tick;
    QElapsedTimer m_elapsed;
    PlaybackClock m_clock;
    int m_playStart = 0;
    double m_startTime = 0;  // T of frame 0
    std::optional<FrameRange> m_frameRange;
    std::vector<int> m_markerFrames;  // ascending
};

}  // namespace mv
