#pragma once
// The timeline bar: one column per frame, the solved range shaded, failed frames red, the in/out
// range, a tick per time marker with as many labels as fit (the others on hover), a ruler of frame
// numbers and the playhead. It zooms (Ctrl+wheel around the cursor, keeping the playhead in view
// when it was) and pans (wheel, middle-drag); a thin strip under the ruler shows which part of the
// animation is in view. Pressing or dragging the left button moves the playhead.

#include <QString>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

#include "core/model/frame_range.h"
#include "ui/timeline/marker_labels.h"
#include "ui/timeline/visible_frames.h"

namespace mv {

class TimelineBar : public QWidget {
    Q_OBJECT
public:
    struct Marker {
        int frame = 0;
        QString label;
    };

    explicit TimelineBar(QWidget* parent = nullptr);

    void setFrameCount(int count);
    void setMarkers(std::vector<Marker> markers);
    void setSolved(int solvedCount, const std::vector<int>& failedFrames);
    // Moves the playhead; a zoomed-in view scrolls to keep it in sight.
    void setCurrentFrame(int frame);
    void setFrameRange(std::optional<FrameRange> range);
    int currentFrame() const { return m_current; }
    int frameCount() const { return m_visible.frameCount(); }
    const VisibleFrames& visibleFrames() const { return m_visible; }

    // Zooms around the cursor position x (widget pixels); the playhead stays in view if it was.
    void zoomAt(double factor, double x);
    void zoomAroundPlayhead(double factor);
    void fit();

    // Where the bar draws a frame position (widget pixels) and which frame is at a pixel.
    double xOfFrame(double frame) const;
    int frameAt(double x) const;
    // The marker labels drawn (left to right, never overlapping) and what hovering at x says.
    std::vector<MarkerLabelSlot> placedLabels() const;
    QString toolTipAt(double x) const;

    QSize sizeHint() const override { return {400, 60}; }
    QSize minimumSizeHint() const override { return {100, 60}; }

signals:
    void frameRequested(int frame);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    QRectF barRect() const;
    QFont smallFont() const;
    void paintFrames(QPainter& painter, const QRectF& bar) const;
    void paintFrameRange(QPainter& painter, const QRectF& bar) const;
    void paintRuler(QPainter& painter, const QRectF& bar) const;
    void paintMarkers(QPainter& painter, const QRectF& bar) const;
    void paintOverview(QPainter& painter, const QRectF& bar) const;
    void fillFrames(QPainter& painter, const QRectF& bar, int first, int last,
                    const QColor& color) const;

    VisibleFrames m_visible;
    int m_solved = 0;
    int m_current = 0;
    std::vector<std::pair<int, int>> m_failedRuns;  // consecutive failed frames, first and last
    std::vector<Marker> m_markers;                  // by frame
    std::optional<FrameRange> m_frameRange;
    double m_panFrom = 0;  // middle-drag: the frame position grabbed
};

}  // namespace mv
