#include "ui/timeline/timeline_bar.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QStringList>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace mv {

namespace {

constexpr int kSide = 8;             // pixels left and right of the bar
constexpr int kLabelRow = 14;        // height of the marker labels above the bar
constexpr int kRulerRow = 13;        // height of the frame numbers under the bar
constexpr int kOverview = 4;         // height of the strip showing where the visible frames are
constexpr double kLabelGap = 6;      // pixels between two marker labels
constexpr double kHoverReach = 4;    // a tick this close to the cursor is hovered
constexpr double kWheelZoom = 1.25;  // per notch of Ctrl+wheel
constexpr double kWheelPan = 0.1;    // share of the visible frames panned per notch of the wheel
constexpr double kRevealMargin = 2;  // frames kept between a followed playhead and the edge
constexpr double kDenseTicks = 6;    // pixels per marker tick below which ticks are short

// The distance between two numbered frames on the ruler: 1, 2 or 5 times a power of ten, the
// smallest that leaves `pixels` between two numbers.
int rulerStep(double pixelsPerFrame, double pixels) {
    for (int power = 1; power < 1'000'000'000; power *= 10)
        for (int factor : {1, 2, 5})
            if (factor * power * pixelsPerFrame >= pixels) return factor * power;
    return 1'000'000'000;
}

}  // namespace

TimelineBar::TimelineBar(QWidget* parent) : QWidget(parent) {
    setMouseTracking(false);
    setFocusPolicy(Qt::ClickFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void TimelineBar::setFrameCount(int count) {
    if (count == m_visible.frameCount()) return;
    m_visible.setFrameCount(count);
    m_current = std::clamp(m_current, 0, std::max(0, count - 1));
    update();
}

void TimelineBar::setMarkers(std::vector<Marker> markers) {
    std::stable_sort(markers.begin(), markers.end(),
                     [](const Marker& a, const Marker& b) { return a.frame < b.frame; });
    m_markers = std::move(markers);
    update();
}

void TimelineBar::setSolved(int solvedCount, const std::vector<int>& failedFrames) {
    m_solved = solvedCount;
    m_failedRuns.clear();
    for (int f : failedFrames) {
        if (!m_failedRuns.empty() && m_failedRuns.back().second + 1 == f)
            m_failedRuns.back().second = f;
        else
            m_failedRuns.push_back({f, f});
    }
    update();
}

void TimelineBar::setCurrentFrame(int frame) {
    if (frame == m_current) return;
    m_current = frame;
    if (!m_visible.shows(frame)) m_visible.reveal(frame, kRevealMargin);
    update();
}

void TimelineBar::setFrameRange(std::optional<FrameRange> range) {
    m_frameRange = range;
    update();
}

void TimelineBar::zoomAt(double factor, double x) {
    const QRectF bar = barRect();
    const bool showedPlayhead = m_visible.shows(m_current);
    m_visible.zoomAt(factor, x - bar.left(), bar.width());
    if (showedPlayhead) m_visible.reveal(m_current);
    update();
}

void TimelineBar::zoomAroundPlayhead(double factor) {
    if (!m_visible.shows(m_current)) m_visible.reveal(m_current);
    zoomAt(factor, xOfFrame(m_current + 0.5));
}

void TimelineBar::fit() {
    m_visible.fit();
    update();
}

QRectF TimelineBar::barRect() const {
    return QRectF(kSide, kLabelRow + 2, width() - 2 * kSide,
                  height() - kLabelRow - kRulerRow - kOverview - 6);
}

double TimelineBar::xOfFrame(double frame) const {
    const QRectF bar = barRect();
    return bar.left() + m_visible.xOf(frame, bar.width());
}

int TimelineBar::frameAt(double x) const {
    const QRectF bar = barRect();
    const int frame = static_cast<int>(std::floor(m_visible.frameAt(x - bar.left(), bar.width())));
    return std::clamp(frame, 0, std::max(0, frameCount() - 1));
}

QFont TimelineBar::smallFont() const {
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    return small;
}

std::vector<MarkerLabelSlot> TimelineBar::placedLabels() const {
    const QFontMetricsF metrics(smallFont());
    std::vector<double> ticks, widths;
    for (const Marker& marker : m_markers) {
        ticks.push_back(xOfFrame(marker.frame));
        widths.push_back(metrics.horizontalAdvance(marker.label));
    }
    return placeMarkerLabels(ticks, widths, 0, width(), kLabelGap);
}

QString TimelineBar::toolTipAt(double x) const {
    if (frameCount() == 0) return {};
    QStringList lines;
    for (const Marker& marker : m_markers)
        if (std::abs(xOfFrame(marker.frame) - x) <= kHoverReach)
            lines << tr("marker %1 at frame %2").arg(marker.label).arg(marker.frame);
    lines << tr("frame %1").arg(frameAt(x));
    return lines.join('\n');
}

bool TimelineBar::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const QString text = toolTipAt(help->pos().x());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, this);
    return true;
}

void TimelineBar::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QRectF bar = barRect();
    painter.fillRect(bar, QColor(235, 235, 235));
    if (frameCount() == 0) {
        painter.setPen(QColor(120, 120, 120));
        painter.drawText(bar, Qt::AlignCenter, tr("no frames"));
        return;
    }
    painter.save();
    painter.setClipRect(bar);
    paintFrames(painter, bar);
    paintFrameRange(painter, bar);
    painter.restore();
    painter.setPen(QColor(150, 150, 150));
    painter.drawRect(bar);
    painter.setFont(smallFont());
    paintRuler(painter, bar);
    paintMarkers(painter, bar);
    paintOverview(painter, bar);
    if (m_visible.shows(m_current)) {
        const double x = xOfFrame(m_current + 0.5);
        // It ends at the bar: below it are the frame numbers, whose "0" it covered at scale 1.5.
        painter.setPen(QPen(QColor(20, 20, 20), 2, Qt::SolidLine, Qt::FlatCap));
        painter.drawLine(QPointF(x, bar.top() - 2), QPointF(x, bar.bottom()));
    }
}

// Frames [first, last] as one rectangle, at least 1.5 pixels wide so a single frame shows when
// many share a pixel.
void TimelineBar::fillFrames(QPainter& painter, const QRectF& bar, int first, int last,
                             const QColor& color) const {
    const double x0 = xOfFrame(first), x1 = std::max(xOfFrame(last + 1), x0 + 1.5);
    if (x1 < bar.left() || x0 > bar.right()) return;
    painter.fillRect(QRectF(x0, bar.top(), x1 - x0, bar.height()), color);
}

void TimelineBar::paintFrames(QPainter& painter, const QRectF& bar) const {
    if (m_solved > 0) fillFrames(painter, bar, 0, m_solved - 1, QColor(190, 215, 240));
    for (const auto& [first, last] : m_failedRuns)
        fillFrames(painter, bar, first, last, QColor(220, 40, 40));
}

// Outside the in/out range the bar is dimmed; its ends are brackets.
void TimelineBar::paintFrameRange(QPainter& painter, const QRectF& bar) const {
    if (!m_frameRange || m_frameRange->empty()) return;
    const QColor dim(60, 60, 60, 70);
    if (m_frameRange->first > 0) fillFrames(painter, bar, 0, m_frameRange->first - 1, dim);
    if (m_frameRange->last < frameCount() - 1)
        fillFrames(painter, bar, m_frameRange->last + 1, frameCount() - 1, dim);
    painter.setPen(QPen(QColor(0, 130, 60), 2));
    const double in = xOfFrame(m_frameRange->first), out = xOfFrame(m_frameRange->last + 1);
    const double top = bar.top() + 1, bottom = bar.bottom() - 1;
    painter.drawPolyline(QPolygonF{{in + 4, top}, {in, top}, {in, bottom}, {in + 4, bottom}});
    painter.drawPolyline(QPolygonF{{out - 4, top}, {out, top}, {out, bottom}, {out - 4, bottom}});
}

// Frame numbers at round intervals under the bar, with a short tick into it.
void TimelineBar::paintRuler(QPainter& painter, const QRectF& bar) const {
    const QFontMetricsF metrics(painter.font());
    const double pixelsPerFrame = bar.width() / m_visible.span();
    const int step =
        rulerStep(pixelsPerFrame, metrics.horizontalAdvance(QString::number(frameCount())) + 12);
    const int first = static_cast<int>(std::ceil(m_visible.first() / step)) * step;
    painter.setPen(QColor(120, 120, 120));
    for (int f = first; f < frameCount() && f <= m_visible.first() + m_visible.span(); f += step) {
        const double x = xOfFrame(f + 0.5);
        painter.drawLine(QPointF(x, bar.bottom() - 4), QPointF(x, bar.bottom()));
        const QString number = QString::number(f);
        const double w = metrics.horizontalAdvance(number);
        const double left = std::clamp(x - w / 2, 0.0, width() - w);
        painter.drawText(QPointF(left, bar.bottom() + metrics.ascent() + 1), number);
    }
}

void TimelineBar::paintMarkers(QPainter& painter, const QRectF& bar) const {
    std::vector<double> ticks;
    for (const Marker& marker : m_markers) {
        const double x = xOfFrame(marker.frame);
        if (x >= bar.left() - 1 && x <= bar.right() + 1) ticks.push_back(x);
    }
    // Ticks closer than a few pixels would paint the bar over: then they only notch its top.
    const bool dense = ticks.size() > bar.width() / kDenseTicks;
    const double bottom = dense ? bar.top() + 4 : bar.bottom();
    painter.setPen(QColor(110, 40, 140));
    for (double x : ticks) painter.drawLine(QPointF(x, bar.top() - 3), QPointF(x, bottom));
    for (const MarkerLabelSlot& slot : placedLabels())
        painter.drawText(QPointF(slot.left, kLabelRow - 2), m_markers[slot.marker].label);
}

// Which part of the animation is in view, when not all of it is.
void TimelineBar::paintOverview(QPainter& painter, const QRectF& bar) const {
    if (m_visible.isFitted()) return;
    const double y = bar.bottom() + kRulerRow + 2;
    const QRectF whole(bar.left(), y, bar.width(), kOverview);
    painter.fillRect(whole, QColor(225, 225, 225));
    const double scale = bar.width() / frameCount();
    painter.fillRect(
        QRectF(bar.left() + m_visible.first() * scale, y, m_visible.span() * scale, kOverview),
        QColor(120, 120, 120));
}

void TimelineBar::mousePressEvent(QMouseEvent* event) {
    if (frameCount() == 0) return;
    if (event->button() == Qt::MiddleButton) {
        const QRectF bar = barRect();
        m_panFrom = m_visible.frameAt(event->position().x() - bar.left(), bar.width());
        return;
    }
    if (event->button() == Qt::LeftButton) emit frameRequested(frameAt(event->position().x()));
}

void TimelineBar::mouseMoveEvent(QMouseEvent* event) {
    if (frameCount() == 0) return;
    if (event->buttons() & Qt::MiddleButton) {
        // The grabbed frame stays under the cursor.
        const QRectF bar = barRect();
        m_visible.panBy(m_panFrom -
                        m_visible.frameAt(event->position().x() - bar.left(), bar.width()));
        update();
        return;
    }
    if (event->buttons() & Qt::LeftButton) emit frameRequested(frameAt(event->position().x()));
}

void TimelineBar::wheelEvent(QWheelEvent* event) {
    const QPoint delta = event->angleDelta();
    const double notches = (delta.y() != 0 ? delta.y() : delta.x()) / 120.0;
    if (notches == 0 || frameCount() == 0) return event->ignore();
    if (event->modifiers() & Qt::ControlModifier) {
        zoomAt(std::pow(kWheelZoom, notches), event->position().x());
    } else {
        m_visible.panBy(-notches * kWheelPan * m_visible.span());
        update();
    }
    event->accept();
}

}  // namespace mv
