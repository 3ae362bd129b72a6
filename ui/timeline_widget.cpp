#include "ui/timeline_widget.h"

#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace mv {

namespace {
constexpr int kSide = 8;       // pixels left and right of the bar
constexpr int kLabelRow = 14;  // height of the marker labels above the bar
}  // namespace

TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent) {
    setMouseTracking(false);
    setFocusPolicy(Qt::ClickFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void TimelineWidget::setFrameCount(int count) {
    m_count = std::max(0, count);
    m_current = std::clamp(m_current, 0, std::max(0, m_count - 1));
    update();
}

void TimelineWidget::setMarkers(std::vector<Marker> markers) {
    m_markers = std::move(markers);
    update();
}

void TimelineWidget::setSolved(int solvedCount, std::vector<int> failedFrames) {
    m_solved = solvedCount;
    m_failed = std::move(failedFrames);
    update();
}

void TimelineWidget::setCurrentFrame(int frame) {
    if (frame == m_current) return;
    m_current = frame;
    update();
}

QRectF TimelineWidget::barRect() const {
    return QRectF(kSide, kLabelRow + 2, width() - 2 * kSide, height() - kLabelRow - 6);
}

// Frame k occupies [k, k+1) of count columns, so a one-frame animation still has a column.
double TimelineWidget::xOfFrame(double frame) const {
    const QRectF bar = barRect();
    return bar.left() + bar.width() * frame / std::max(1, m_count);
}

int TimelineWidget::frameAt(double x) const {
    const QRectF bar = barRect();
    const int frame = static_cast<int>(std::floor((x - bar.left()) / bar.width() * m_count));
    return std::clamp(frame, 0, std::max(0, m_count - 1));
}

void TimelineWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QRectF bar = barRect();
    painter.fillRect(bar, QColor(235, 235, 235));
    if (m_count == 0) {
        painter.setPen(QColor(120, 120, 120));
        painter.drawText(bar, Qt::AlignCenter, tr("no frames"));
        return;
    }
    const QRectF solved(bar.left(), bar.top(), xOfFrame(m_solved) - bar.left(), bar.height());
    painter.fillRect(solved, QColor(190, 215, 240));
    for (int f : m_failed) {
        const double x0 = xOfFrame(f), x1 = std::max(xOfFrame(f + 1), x0 + 1.5);
        painter.fillRect(QRectF(x0, bar.top(), x1 - x0, bar.height()), QColor(220, 40, 40));
    }
    painter.setPen(QColor(150, 150, 150));
    painter.drawRect(bar);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    painter.setFont(small);
    for (const Marker& marker : m_markers) {
        const double x = xOfFrame(marker.frame);
        painter.setPen(QColor(110, 40, 140));
        painter.drawLine(QPointF(x, bar.top() - 3), QPointF(x, bar.bottom()));
        // Labels start at their tick, unless that would run past the right end.
        const double labelWidth = painter.fontMetrics().horizontalAdvance(marker.label);
        const double left = std::min(x + 2, width() - labelWidth - 1);
        painter.drawText(QPointF(left, kLabelRow - 2), marker.label);
    }
    const double x = (xOfFrame(m_current) + xOfFrame(m_current + 1)) / 2;
    painter.setPen(QPen(QColor(20, 20, 20), 2));
    painter.drawLine(QPointF(x, bar.top() - 2), QPointF(x, bar.bottom() + 2));
}

void TimelineWidget::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || m_count == 0) return;
    emit frameRequested(frameAt(event->position().x()));
}

void TimelineWidget::mouseMoveEvent(QMouseEvent* event) {
    if (!(event->buttons() & Qt::LeftButton) || m_count == 0) return;
    emit frameRequested(frameAt(event->position().x()));
}

}  // namespace mv
