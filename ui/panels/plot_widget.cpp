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
constexpr double kTickSpacing = 1.8;   // label heights between a lane's ticks, at least
constexpr double kMinLaneHeight = 80;  // a lane's plot at the panel's first height
constexpr int kDefaultLanes = 3;
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
    setMinimumHeight(120);  // one lane, its header and the time axis
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

// Each lane is a header line (its name, unit and value, outside the curve) over its plot; the
// lanes share the height equally.
std::vector<PlotWidget::Lane> PlotWidget::lanes() const {
    std::vector<Lane> lanes;
    if (m_series.empty()) return lanes;
    const QRectF area = plotArea();
    const double n = static_cast<double>(m_series.size());
    const double header = headerHeight();
    const double slot = std::max(1.0, (area.height() - kLaneGap * (n - 1)) / n);
    const double height = std::max(1.0, slot - header);
    const int maxTicks = std::max(3, int(height / (fontMetrics().height() * kTickSpacing)) + 1);
    for (size_t s = 0; s < m_series.size(); ++s) {
        const auto [lo, hi] = finiteRange(m_series[s].values);
        const double top = area.top() + double(s) * (slot + kLaneGap);
        const QRectF laneArea(area.left(), top + header, area.width(), height);
        lanes.push_back(
            {laneArea, PlotAxis::fitted(lo, hi, maxTicks), QRectF(0, top, width(), header)});
    }
    return lanes;
}

double PlotWidget::headerHeight() const {
    return fontMetrics().height() + 2;
}

QSize PlotWidget::sizeHint() const {
    // Room for kDefaultLanes lanes of kMinLaneHeight: the panel's first height shows three plots
    // that can be read.
    const double slot = kMinLaneHeight + headerHeight() + kLaneGap;
    return {400, int(std::ceil(kDefaultLanes * slot + fontMetrics().height() + 4 * kMargin))};
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
    return QStringLiteral("%1 = %2").arg(m_series[series].name, m_series[series].reading.text(v));
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

double PlotWidget::laneY(const Lane& lane, double value) {
    const QRectF& area = lane.area;
    return area.bottom() - area.height() * (value - lane.axis.lo) / (lane.axis.hi - lane.axis.lo);
}

void PlotWidget::paintLane(QPainter& painter, const Lane& lane, size_t series) const {
    paintTicks(painter, lane);
    const QRectF& area = lane.area;
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
        const QPointF p(timeToX(m_times[i]), laneY(lane, values[i]));
        drawing ? path.lineTo(p) : path.moveTo(p);
        drawing = true;
    }
    painter.save();
    painter.setClipRect(area.adjusted(-1, -1, 1, 1));
    painter.setPen(QPen(colorOf(static_cast<int>(series)), 1.5));
    painter.drawPath(path);
    painter.restore();
    paintHeader(painter, lane, series);
}

// The grid lines, and left of the lane the labels of as many ticks as fit.
void PlotWidget::paintTicks(QPainter& painter, const Lane& lane) const {
    const QRectF& area = lane.area;
    const double labelHeight = fontMetrics().height();
    double lastLabel = std::numeric_limits<double>::infinity();  // y of the last label drawn
    for (double tick : lane.axis.ticks) {
        const double y = laneY(lane, tick);
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
}

// Above the plot, never over the curve: the name and unit, and the value at the frame under the
// mouse (else at the playhead).
void PlotWidget::paintHeader(QPainter& painter, const Lane& lane, size_t series) const {
    const Series& shown = m_series[series];
    const QString title = shown.reading.unit.isEmpty()
                              ? shown.name
                              : QStringLiteral("%1 (%2)").arg(shown.name, shown.reading.unit);
    painter.setPen(colorOf(static_cast<int>(series)));
    painter.drawText(lane.header.adjusted(lane.area.left(), 0, 0, 0),
                     Qt::AlignLeft | Qt::AlignBottom, title);
    const size_t frame = size_t(m_hovered >= 0 ? m_hovered : m_playhead);
    if (frame >= shown.values.size()) return;
    painter.setPen(kText);
    painter.drawText(lane.header.adjusted(0, 0, -2 * kMargin, 0), Qt::AlignRight | Qt::AlignBottom,
                     shown.reading.text(shown.values[frame]));
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
