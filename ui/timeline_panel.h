#pragma once
// The timeline with its controls: play/pause, loop, the current time and frame number, and
// playback at the script's fps. Playback follows the wall clock (frame = start + elapsed · fps),
// so a slow paint drops frames instead of slowing the animation down. Holds the current frame;
// everything that shows "the current frame" listens to currentFrameChanged.

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include "ui/timeline_widget.h"

class QCheckBox;
class QLabel;
class QToolButton;

namespace mv {

struct PreviewAnimation;

class TimelinePanel : public QWidget {
    Q_OBJECT
public:
    explicit TimelinePanel(QWidget* parent = nullptr);

    // Takes the plan, markers and solved range of what is shown (after a reset or new frames).
    void showAnimation(const PreviewAnimation& shown);
    int currentFrame() const { return m_timeline->currentFrame(); }
    bool isPlaying() const { return m_tick.isActive(); }
    TimelineWidget* timeline() const { return m_timeline; }

public slots:
    void setCurrentFrame(int frame);
    void togglePlay();
    void stepFrames(int delta);
    void goToStart() { setCurrentFrame(0); }
    void goToEnd() { setCurrentFrame(m_timeline->frameCount() - 1); }

signals:
    void currentFrameChanged(int frame);

private:
    void advance();
    void updateLabel();

    TimelineWidget* m_timeline;
    QToolButton* m_play;
    QCheckBox* m_loop;
    QLabel* m_label;
    QTimer m_tick;
    QElapsedTimer m_clock;
    int m_playStart = 0;
    double m_fps = 25;
    double m_startTime = 0;  // T of frame 0
};

}  // namespace mv
