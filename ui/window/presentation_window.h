#pragma once
// The editor's presentation mode (View > Present, F5): the canvas alone, full screen, playing from
// marker to marker (ui/timeline/presentation.h). Space, → or PageDown (a presenter's clicker) go
// on, ← or PageUp go back, Esc leaves; the stop it is at and those keys are written under the
// picture. It covers the screen it was opened on. It draws the frames with a MachineScene of its
// own in Export mode, the scene the PNG export draws with: no anchors, no selection, white ground
// on black.

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

class QPainter;

#include <memory>

#include "solver/api/animation.h"
#include "ui/timeline/presentation.h"

namespace mv {

class ImageLibrary;
class MachineScene;

class PresentationWindow : public QWidget {
    Q_OBJECT
public:
    // `images` is borrowed and must outlive the window; it starts standing at `frame`.
    PresentationWindow(std::shared_ptr<const Animation> animation, ImageLibrary& images, int frame,
                       QWidget* parent = nullptr);
    ~PresentationWindow() override;

    const Presentation& presentation() const { return m_presentation; }
    // "2 / 5": the stop the run is at or has passed last, of all of them; under the picture with
    // the keys that go on, back and out (hintText).
    QString counterText() const;
    static QString hintText();
    // Moves playback to `nowMs` of its clock (the timer calls it with the wall clock).
    void tick(double nowMs);

signals:
    void frameShown(int frame);  // the editor's playhead follows

protected:
    void paintEvent(QPaintEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void show(int frame);
    void paintCaption(QPainter& painter) const;

    std::shared_ptr<const Animation> m_animation;
    std::unique_ptr<MachineScene> m_scene;
    Presentation m_presentation;
    QTimer m_timer;
    QElapsedTimer m_clock;
};

}  // namespace mv
