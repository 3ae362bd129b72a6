#pragma once
// The plots of the Plots panel, painted with QPainter: one lane per series, sharing the height,
// stacked over one shared time axis, each lane with its own scale and round-numbered ticks, so a
// piston's position (±35 units) and its acceleration (±5,922 units/s²) are both readable. Over
// each lane, outside the curve, a header line gives its name, unit and value at the playhead (or
// at the frame under the mouse), written by one rule (quantity_reading.h). The playhead is a
// dashed line across every lane; under the mouse a thin line marks the frame. A click moves the
// playhead to the frame under the mouse.

#include <QColor>
#include <QRectF>
#include <QString>
#include <QWidget>

#include <vector>

#include "ui/panels/plot_axis.h"
#include "ui/panels/quantity_reading.h"

namespace mv {

class PlotWidget : public QWidget {
    Q_OBJECT
public:
    struct Series {
        QString name;
        std::vector<double> values;  // one per entry of times; NaN where undefined (a gap)
        QuantityReading reading;     // the values' unit and how one reads (already scaled)
    };
    struct Lane {
        QRectF area;  // the plot, widget coordinates
        PlotAxis axis;
        QRectF header;  // above it: the name, unit and value
    };

    explicit PlotWidget(QWidget* parent = nullptr);

    void setData(std::vector<double> times, std::vector<Series> series);
    void setPlayhead(int frame);
    static QColor colorOf(int series);

    const std::vector<Series>& series() const { return m_series; }
    // The lanes at the widget's present size, one per series, top to bottom.
    std::vector<Lane> lanes() const;
    PlotAxis timeAxis() const;
    // The frame nearest to a widget x (-1 without frames), and the one under the mouse.
    int frameAt(double x) const;
    int hoveredFrame() const { return m_hovered; }
    // "d/dt Piston.P.x = -120.4 units/s" at `frame`, as the lane writes it under the mouse.
    QString valueText(size_t series, int frame) const;

    QSize sizeHint() const override;

signals:
    void frameRequested(int frame);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    QRectF plotArea() const;  // all lanes, above the time axis's labels
    double headerHeight() const;
    double timeToX(double time) const;
    void paintTimeAxis(QPainter& painter) const;
    static double laneY(const Lane& lane, double value);
    void paintLane(QPainter& painter, const Lane& lane, size_t series) const;
    void paintTicks(QPainter& painter, const Lane& lane) const;
    void paintHeader(QPainter& painter, const Lane& lane, size_t series) const;
    void paintFrameLine(QPainter& painter, int frame, const QPen& pen) const;

    std::vector<double> m_times;
    std::vector<Series> m_series;
    int m_playhead = 0;
    int m_hovered = -1;
};

}  // namespace mv
