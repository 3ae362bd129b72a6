#pragma once
// The canvas: a QGraphicsView over the editor's MachineScene. The wheel zooms about the mouse,
// dragging empty space pans, a click selects a thing, and the context menu of a thing or anchor
// toggles the traces of its anchors. Hovering an anchor shows its name and world position. While a
// thing is dragged (CanvasDrag), a dashed line runs from where the gripped point was to where the
// mouse pulls it. While the text has errors the whole view is veiled, with a line saying which
// version of the script it shows.

#include <QColor>
#include <QGraphicsView>
#include <QString>

#include <optional>
#include <set>

#include "ui/scene/machine_scene.h"

namespace mv {

class CanvasView : public QGraphicsView {
    Q_OBJECT
public:
    // The surround's colour, laid over whatever lies outside the canvas.
    static inline const QColor kVeil{225, 225, 228, 190};

    // `scene` is borrowed and must outlive the view.
    explicit CanvasView(MachineScene* scene, QWidget* parent = nullptr);

    MachineScene* machineScene() const { return m_scene; }
    // Shows the whole world, leaving a margin.
    void zoomToFit();
    void setTracedAnchors(const std::set<MachineScene::AnchorKey>* traced) { m_traced = traced; }
    // The drag's line, scene coordinates.
    void setDragLine(QPointF from, QPointF to);
    void clearDragLine();
    // While the text has errors the scene shows the last version that compiled: the canvas is
    // veiled and `notice` says which version it is. Empty: the scene is the text's.
    void setStaleNotice(const QString& notice);
    const QString& staleNotice() const { return m_staleNotice; }

signals:
    void traceToggled(MachineScene::AnchorKey anchor);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    bool viewportEvent(QEvent* event) override;

private:
    void veilOutsideCanvas(QPainter* painter, const QRectF& exposed) const;
    void paintStale(QPainter* painter) const;

    MachineScene* m_scene;
    const std::set<MachineScene::AnchorKey>* m_traced = nullptr;  // owned by the main window
    bool m_userZoomed = false;  // until the user zooms, resizing keeps the world fitted
    std::optional<QLineF> m_dragLine;
    QString m_staleNotice;
};

}  // namespace mv
