#include "ui/panels/plot_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mv {

namespace {

constexpr double kLaneGap = 6;
constexpr double kMargin = 6;
constexpr double kTickSpacing = 1.8;  // label heights between a lane's ticks, at least
constexpr int kTimeTicks = 8;
const QColor kFrame(180, 180, 180);
const QColor kGrid(236, 236, 236);
const QColor kText(90, 90, 90);

std::pair<double, double> finiteRange(const std::vector<double>& values) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (double v : values)
        if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    return {lo, hi};
}

}  // namespace

PlotWidget::PlotWidget(QWidget* parent) : QWidget(parent) {
    setMinimumHeight(120);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setMouseTracking(true);  // the value under the mouse, without a button held
}

QColor PlotWidget::colorOf(int series) {
    static const QColor colors[] = {QColor(31, 119, 180),  QColor(214, 39, 40),
                                    QColor(44, 160, 44),   QColor(255, 127, 14),
                                    QColor(148, 103, 189), QColor(140, 86, 75)};
    return colors[series % 6];
}

void PlotWidget::setData(std::vector<double> times, std::vector<Series> series) {
    m_times = std::move(times);
    m_series = std::move(series);
    if (m_hovered >= static_cast<int>(m_times.size())) m_hovered = -1;
    update();
}

void PlotWidget::setPlayhead(int frame) {
    if (frame == m_playhead) return;
    m_playhead = frame;
    update();
}

QRectF PlotWidget::plotArea() const {
    const double left = fontMetrics().horizontalAdvance("-00000.00") + 2 * kMargin;
    const double bottom = fontMetrics().height() + 2 * kMargin;
    return QRectF(left, kMargin, width() - left - 2 * kMargin, height() - kMargin - bottom);
}

std::vector<PlotWidget::Lane> PlotWidget::lanes() const {
    std::vector<Lane> lanes;
    if (m_series.empty()) return lanes;
    const QRectF area = plotArea();
    const double n = static_cast<double>(m_series.size());
    const double height = std::max(1.0, (area.height() - kLaneGap * (n - 1)) / n);
    const int maxTicks = std::max(3, int(height / (fontMetrics().height() * kTickSpacing)) + 1);
    for (size_t s = 0; s < m_series.size(); ++s) {
        const auto [lo, hi] = finiteRange(m_series[s].values);
        const QRectF laneArea(area.left(), area.top() + s * (height + kLaneGap), area.width(),
                              height);
        lanes.push_back({laneArea, PlotAxis::fitted(lo, hi, maxTicks)});
    }
    return lanes;
}

PlotAxis PlotWidget::timeAxis() const {
    if (m_times.empty()) return PlotAxis::fitted(0, 1, kTimeTicks);
    return PlotAxis::fitted(m_times.front(), m_times.back(), kTimeTicks);
}

// The time axis spans the frames exactly (not its round ticks): the first frame at the left
// edge, the last at the right.
double PlotWidget::timeToX(double time) const {
    const QRectF area = plotArea();
    if (m_times.size() < 2) return area.left();
    const double t0 = m_times.front(), t1 = std::max(m_times.back(), t0 + 1e-12);
    return area.left() + area.width() * (time - t0) / (t1 - t0);
}

int PlotWidget::frameAt(double x) const {
    if (m_times.empty()) return -1;
    const QRectF area = plotArea();
    const double t0 = m_times.front(), t1 = m_times.back();
    const double t = t0 + (x - area.left()) / std::max(area.width(), 1.0) * (t1 - t0);
    const auto after = std::lower_bound(m_times.begin(), m_times.end(), t);
    if (after == m_times.begin()) return 0;
    if (after == m_times.end()) return static_cast<int>(m_times.size()) - 1;
    const auto nearest = (*after - t < t - *(after - 1)) ? after : after - 1;
    return static_cast<int>(nearest - m_times.begin());
}

QString PlotWidget::valueText(size_t series, int frame) const {
    if (series >= m_series.size() || frame < 0) return {};
    const auto& values = m_series[series].values;
    if (frame >= static_cast<int>(values.size())) return {};
    const double v = values[static_cast<size_t>(frame)];
    const QString value = std::isfinite(v) ? QString::number(v, 'g', 6) : tr("undefined");
    return QStringLiteral("%1 = %2").arg(m_series[series].name, value);
}

void PlotWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    if (m_times.empty() || m_series.empty()) {
        painter.setPen(kFrame);
        painter.drawRect(plotArea());
        painter.drawText(plotArea(), Qt::AlignCenter, tr("choose values to plot"));
        return;
    }
    paintTimeAxis(painter);
    const std::vector<Lane> all = lanes();
    for (size_t s = 0; s < all.size(); ++s) paintLane(painter, all[s], s);
    if (m_hovered >= 0) paintFrameLine(painter, m_hovered, QPen(QColor(150, 150, 150), 1));
    paintFrameLine(painter, m_playhead, QPen(QColor(20, 20, 20), 1, Qt::DashLine));
}

void PlotWidget::paintTimeAxis(QPainter& painter) const {
    const QRectF area = plotArea();
    const PlotAxis axis = timeAxis();
    const double labelWidth = fontMetrics().horizontalAdvance("00000 s");
    for (double t : axis.ticks) {
        const double x = timeToX(t);
        if (x < area.left() - 0.5 || x > area.right() + 0.5) continue;
        painter.setPen(kGrid);
        painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        painter.setPen(kText);
        painter.drawText(
            QRectF(x - labelWidth / 2, area.bottom() + 2, labelWidth, fontMetrics().height() + 2),
            Qt::AlignHCenter | Qt::AlignTop, axis.label(t) + " s");
    }
}

void PlotWidget::paintLane(QPainter& painter, const Lane& lane, size_t series) const {
    const QRectF& area = lane.area;
    const auto toY = [&](double v) {
        return area.bottom() - area.height() * (v - lane.axis.lo) / (lane.axis.hi - lane.axis.lo);
    };
    const double labelHeight = fontMetrics().height();
    double lastLabel = std::numeric_limits<double>::infinity();  // y of the last label drawn
    for (double tick : lane.axis.ticks) {
        const double y = toY(tick);
        painter.setPen(kGrid);
        painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        if (lastLabel - y < labelHeight) continue;  // a low lane: every other label
        lastLabel = y;
        painter.setPen(kText);
        // Kept inside the lane, so the labels of lanes one above the other never touch.
        const double top =
            std::clamp(y - labelHeight / 2, area.top() - 2, area.bottom() - labelHeight + 2);
        painter.drawText(QRectF(0, top, area.left() - kMargin, labelHeight),
                         Qt::AlignRight | Qt::AlignVCenter, lane.axis.label(tick));
    }
    painter.setPen(kFrame);
    painter.drawRect(area);
    QPainterPath path;
    bool drawing = false;  // a NaN breaks the line: a gap where the value is undefined
    const auto& values = m_series[series].values;
    for (size_t i = 0; i < std::min(values.size(), m_times.size()); ++i) {
        if (!std::isfinite(values[i])) {
            drawing = false;
            continue;
        }
        const QPointF p(timeToX(m_times[i]), toY(values[i]));
        drawing ? path.lineTo(p) : path.moveTo(p);
        drawing = true;
    }
    const QColor color = colorOf(static_cast<int>(series));
    painter.save();
    painter.setClipRect(area.adjusted(-1, -1, 1, 1));
    painter.setPen(QPen(color, 1.5));
    painter.drawPath(path);
    painter.restore();
    // The name, or under the mouse the value at that frame, in the lane's top left corner.
    const QString text = m_hovered >= 0 ? valueText(series, m_hovered) : m_series[series].name;
    const QRectF label(area.left() + 4, area.top() + 2, fontMetrics().horizontalAdvance(text),
                       labelHeight);
    painter.fillRect(label.adjusted(-2, 0, 2, 0), QColor(255, 255, 255, 210));  // over the grid
    painter.setPen(color);
    painter.drawText(label, Qt::AlignLeft | Qt::AlignVCenter, text);
}

void PlotWidget::paintFrameLine(QPainter& painter, int frame, const QPen& pen) const {
    if (frame < 0 || frame >= static_cast<int>(m_times.size())) return;
    const QRectF area = plotArea();
    const double x = timeToX(m_times[static_cast<size_t>(frame)]);
    painter.setPen(pen);
    painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
}

void PlotWidget::mousePressEvent(QMouseEvent* event) {
    if (m_times.empty() || !plotArea().contains(event->position())) return;
    emit frameRequested(frameAt(event->position().x()));
}

void PlotWidget::mouseMoveEvent(QMouseEvent* event) {
    const int frame = plotArea().contains(event->position()) ? frameAt(event->position().x()) : -1;
    if (frame == m_hovered) return;
    m_hovered = frame;
    update();
}

void PlotWidget::leaveEvent(QEvent*) {
    m_hovered = -1;
    update();
}

}  // namespace mv
