#pragma once
// The canvas: a QGraphicsView over the editor's MachineScene. The wheel zooms about the mouse,
// dragging empty space pans, a click selects a thing, and the context menu of a thing or anchor
// toggles the traces of its anchors. Hovering an anchor shows its name and world position.

#include <QGraphicsView>

#include <set>

#include "ui/machine_scene.h"

namespace mv {

class CanvasView : public QGraphicsView {
    Q_OBJECT
public:
    // `scene` is borrowed and must outlive the view.
    explicit CanvasView(MachineScene* scene, QWidget* parent = nullptr);

    MachineScene* machineScene() const { return m_scene; }
    // Shows the whole world, leaving a margin.
    void zoomToFit();
    void setTracedAnchors(const std::set<MachineScene::AnchorKey>* traced) { m_traced = traced; }

signals:
    void traceToggled(MachineScene::AnchorKey anchor);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    MachineScene* m_scene;
    const std::set<MachineScene::AnchorKey>* m_traced = nullptr;  // owned by the main window
    bool m_userZoomed = false;  // until the user zooms, resizing keeps the world fitted
};

}  // namespace mv
