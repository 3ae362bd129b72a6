#pragma once
// Edit by dragging on the canvas (docs/editor.md). Pressing on a thing or an anchor and moving the
// mouse pulls that point toward the mouse while every constraint still holds, and the rest of the
// machine follows (DragSession solves off the GUI thread; the canvas shows the newest result).
// Text is the source of truth, so on release the text is what changes: when numbers written in
// the script place the point (`Crank.P = Engine.P + [330,0]`), they are rewritten to where the drag
// left it, rounded to what one screen pixel resolves, as one undo step, and the animation is solved
// again from the new text; when a constraint computes the point, the text stays, the frame goes
// back, and the status bar names that constraint.
//
// It watches the canvas's viewport: a press still selects (the view sees it), a move past the drag
// distance starts a drag, and the moves of a drag are its own. A solve of the live preview that
// ends during a drag (an edit debounced just before it) would put the animation's frame back on
// the canvas: the drag's frame and message are shown again after it.

#include <QObject>
#include <QPoint>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

#include "solver/api/drag_source.h"
#include "solver/api/frame_solution.h"

class QPlainTextEdit;
class QStatusBar;

namespace mv {

class CanvasView;
class DragSession;
class LivePreview;
class TimelinePanel;
class CanvasDrag : public QObject {
    Q_OBJECT
public:
    // All borrowed; they must outlive this object.
    CanvasDrag(CanvasView* canvas, LivePreview* preview, TimelinePanel* timeline,
               QPlainTextEdit* editor, QStatusBar* status, QObject* parent = nullptr);
    ~CanvasDrag() override;

    // The steps of a drag, which the mouse drives (tests and the screenshot drive them too):
    // begin on a grip of the frame on screen (false, with a status message, when there is no
    // solved frame to drag), move the grip's target (world coordinates), finish.
    bool begin(const Grip& grip);
    void moveTo(Vec2 target);
    void finish();
    bool isDragging() const { return m_session != nullptr; }
    const DragSession* session() const { return m_session.get(); }
    // The grip under a viewport position: an anchor's marker, or a point of a thing's body.
    std::optional<Grip> gripAt(QPoint viewportPosition) const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void show(const FrameSolution& frame);
    void keepShowing();
    void rewrite(const std::vector<double>& values);
    void restoreFrame();
    void say(const QString& message);
    QString gripName() const;
    QString describeConstraint(ConstraintId id) const;
    int decimals() const;
    Vec2 mouseWorld(QPoint viewportPosition) const;

    CanvasView* m_canvas;
    LivePreview* m_preview;
    TimelinePanel* m_timeline;
    QPlainTextEdit* m_editor;
    QStatusBar* m_status;
    std::unique_ptr<DragSession> m_session;
    std::shared_ptr<const Script> m_script;  // of the frame being dragged
    Grip m_grip;
    Vec2 m_start;                           // the grip's world position when the drag began
    std::optional<FrameSolution> m_latest;  // the newest frame the drag solved
    QString m_message;                      // what the status bar says about the drag
    // A press on a grip that has not moved far enough to be a drag yet.
    std::optional<Grip> m_pressed;
    QPoint m_pressAt;
    Vec2 m_pressWorld;
};

}  // namespace mv
