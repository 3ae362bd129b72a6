#pragma once
// The canvas: a QGraphicsView over the editor's MachineScene. The wheel zooms about the mouse,
// dragging empty space pans, a click selects a thing, and the context menu of a thing or anchor
// toggles the traces of its anchors. Hovering an anchor shows its name and world position. While a
// thing is dragged (CanvasDrag), a dashed line runs from where the gripped point was to where the
// mouse pulls it.

#include <QColor>
#include <QGraphicsView>

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

    MachineScene* m_scene;
    const std::set<MachineScene::AnchorKey>* m_traced = nullptr;  // owned by the main window
    bool m_userZoomed = false;  // until the user zooms, resizing keeps the world fitted
    std::optional<QLineF> m_dragLine;
};

}  // namespace mv
