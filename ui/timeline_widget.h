#pragma once
// The scrubbable timeline bar: one column per frame, the solved range shaded, failed frames red,
// a tick and label per time marker, and the playhead. Pressing or dragging moves the playhead.

#include <QString>
#include <QWidget>

#include <vector>

namespace mv {

class TimelineWidget : public QWidget {
    Q_OBJECT
public:
    struct Marker {
        int frame = 0;
        QString label;
    };

    explicit TimelineWidget(QWidget* parent = nullptr);

    void setFrameCount(int count);
    void setMarkers(std::vector<Marker> markers);
    void setSolved(int solvedCount, std::vector<int> failedFrames);
    void setCurrentFrame(int frame);
    int currentFrame() const { return m_current; }
    int frameCount() const { return m_count; }

    QSize sizeHint() const override { return {400, 46}; }
    QSize minimumSizeHint() const override { return {100, 46}; }

signals:
    void frameRequested(int frame);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    QRectF barRect() const;
    double xOfFrame(double frame) const;
    int frameAt(double x) const;

    int m_count = 0;
    int m_solved = 0;
    int m_current = 0;
    std::vector<int> m_failed;
    std::vector<Marker> m_markers;
};

}  // namespace mv
