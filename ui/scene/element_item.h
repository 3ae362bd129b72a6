#pragma once
// One element's visual on a MachineScene (docs/reference.md#visuals, "Visuals"): a pendulum's rod
// from its pivot to a disc at the bob, a point's disc, or the element's image centred on the bob or
// the point and turned with the rod. An element with `visual = none` has no item.
//
// Item coordinates are scene coordinates (the world with y flipped). The element's scale maps
// lengths, not the drawing: the rod keeps a bar's line width and the disc its size in canvas units
// at any scale, and an image is drawn at one canvas unit per pixel like an image thing. So the
// item moves its geometry each frame instead of carrying a scaling transform.

#include <QGraphicsItem>
#include <QImage>

#include <optional>

#include "core/model/script.h"
#include "solver/api/element_placement.h"

namespace mv {

class ElementItem : public QGraphicsItem {
public:
    // `image` is the visual's picture; a null image draws the class visual (an image visual whose
    // file is missing stands in with it). `decorated`: the editor's selection and hover.
    ElementItem(const Element& element, ElementId id, QImage image, bool decorated);

    ElementId elementId() const { return m_id; }
    const Element& element() const { return m_element; }
    // Moves the visual to the placement; `worldHeight` flips world y into scene y. A placement
    // far outside any canvas (or not finite) hides the item instead.
    void place(const ElementPlacement& placement, double worldHeight);
    // The bob's or the point's canvas position: origin + scale · body.
    Vec2 canvasPosition() const { return m_element.visual.toCanvas(m_placement.body); }
    // "Bob.theta = 45.8°, the bob at [250.00, 120.00]": the angle in degrees, as the Values panel
    // writes it (core/text/readable_value.h).
    QString describe() const;

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    bool isPendulum() const { return m_element.kind == Element::Kind::Pendulum; }
    bool drawsImage() const { return !m_image.isNull(); }
    QTransform imageTransform() const;  // image pixels -> scene, centred on the body
    QPainterPath outline() const;       // what is drawn, for the shape and the bounds
    void paintClassVisual(QPainter* painter) const;

    const Element m_element;  // a copy: the item may outlive the Script it was built from
    const ElementId m_id;
    const QImage m_image;
    const bool m_decorated;
    bool m_hovered = false;
    ElementPlacement m_placement;
    QPointF m_pivot;  // scene
    QPointF m_body;   // scene
    QRectF m_bounds;
};

}  // namespace mv
