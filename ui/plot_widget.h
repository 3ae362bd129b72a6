#pragma once
// A small line plot painted with QPainter: several series over time, each in its own colour,
// y axis fitted to all of them, and a vertical playhead at the current frame.

#include <QColor>
#include <QString>
#include <QWidget>

#include <vector>

namespace mv {

class PlotWidget : public QWidget {
    Q_OBJECT
public:
    struct Series {
        QString name;
        std::vector<double> values;  // one per entry of times
    };

    explicit PlotWidget(QWidget* parent = nullptr);

    void setData(std::vector<double> times, std::vector<Series> series);
    void setPlayhead(int frame);
    static QColor colorOf(int series);

    QSize sizeHint() const override { return {400, 180}; }

signals:
    void frameRequested(int frame);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    QRectF plotRect() const;

    std::vector<double> m_times;
    std::vector<Series> m_series;
    int m_playhead = 0;
};

}  // namespace mv
