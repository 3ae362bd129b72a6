#include "ui/plot_widget.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mv {

PlotWidget::PlotWidget(QWidget* parent) : QWidget(parent) {
    setMinimumHeight(120);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
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
    update();
}

void PlotWidget::setPlayhead(int frame) {
    if (frame == m_playhead) return;
    m_playhead = frame;
    update();
}

QRectF PlotWidget::plotRect() const {
    const int left = fontMetrics().horizontalAdvance("-0000.00") + 8;
    return QRectF(left, 8, width() - left - 10, height() - 8 - fontMetrics().height() - 8);
}

void PlotWidget::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF area = plotRect();
    painter.setPen(QColor(180, 180, 180));
    painter.drawRect(area);
    if (m_times.size() < 1 || m_series.empty()) {
        painter.drawText(area, Qt::AlignCenter, tr("choose values to plot"));
        return;
    }
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const Series& s : m_series)
        for (double v : s.values)
            if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    if (!std::isfinite(lo)) lo = 0, hi = 1;
    if (hi - lo < 1e-9) lo -= 0.5, hi += 0.5;
    const double t0 = m_times.front(), t1 = std::max(m_times.back(), t0 + 1e-9);
    auto toPoint = [&](double t, double v) {
        return QPointF(area.left() + area.width() * (t - t0) / (t1 - t0),
                       area.bottom() - area.height() * (v - lo) / (hi - lo));
    };
    painter.setPen(QColor(90, 90, 90));
    painter.drawText(QRectF(0, area.top() - 6, area.left() - 4, 14), Qt::AlignRight,
                     QString::number(hi, 'g', 4));
    painter.drawText(QRectF(0, area.bottom() - 8, area.left() - 4, 14), Qt::AlignRight,
                     QString::number(lo, 'g', 4));
    painter.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), 16), Qt::AlignLeft,
                     QStringLiteral("%1 s").arg(t0));
    painter.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), 16), Qt::AlignRight,
                     QStringLiteral("%1 s").arg(t1));
    for (size_t s = 0; s < m_series.size(); ++s) {
        QPainterPath path;
        const auto& values = m_series[s].values;
        const size_t n = std::min(values.size(), m_times.size());
        for (size_t i = 0; i < n; ++i) {
            const QPointF p = toPoint(m_times[i], values[i]);
            if (i == 0)
                path.moveTo(p);
            else
                path.lineTo(p);
        }
        painter.setPen(QPen(colorOf(static_cast<int>(s)), 1.5));
        painter.drawPath(path);
        painter.drawText(QPointF(area.left() + 6, area.top() + 14 + 14 * s), m_series[s].name);
    }
    if (m_playhead >= 0 && m_playhead < static_cast<int>(m_times.size())) {
        const double x = toPoint(m_times[m_playhead], lo).x();
        painter.setPen(QPen(QColor(20, 20, 20), 1, Qt::DashLine));
        painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
    }
}

void PlotWidget::mousePressEvent(QMouseEvent* event) {
    const QRectF area = plotRect();
    if (m_times.size() < 2 || !area.contains(event->position())) return;
    const double t0 = m_times.front(), t1 = m_times.back();
    const double t = t0 + (event->position().x() - area.left()) / area.width() * (t1 - t0);
    const auto it = std::lower_bound(m_times.begin(), m_times.end(), t);
    emit frameRequested(
        static_cast<int>(std::min<size_t>(it - m_times.begin(), m_times.size() - 1)));
}

}  // namespace mv
