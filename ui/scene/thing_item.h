#pragma once
// One thing of a script on a QGraphicsScene: an image sprite, a bar (a polyline through its
// anchors) or, for an image that cannot be read, a placeholder rectangle with the thing's name.
//
// Item coordinates are the thing's image pixels: origin at the image's top-left corner, y down.
// A body-frame point (bx, by) (model units, y up) is item point (bx, -by), so bars use the same
// transform as images. The scene is the world with y flipped (scene y = height - world y), so the
// pose's counter-clockwise rotation becomes a clockwise one on screen; transformFor() builds it.
// The item paints a QImage, never a QPixmap, so export workers can render it off the GUI thread.

#include <QGraphicsItem>
#include <QImage>
#include <QPen>

#include "core/model/script.h"

namespace mv {

class ThingItem : public QGraphicsItem {
public:
    // `image` is ignored for bars; a null image on an image thing draws the placeholder.
    ThingItem(const Thing& thing, ThingId id, QImage image, bool decorated);

    ThingId thingId() const { return m_id; }
    const Thing& thing() const { return m_thing; }
    const Pose& pose() const { return m_pose; }
    void setPose(const Pose& pose, double worldHeight);

    // Item (pixel) coordinates -> scene coordinates for a pose in a world of the given height.
    static QTransform transformFor(const Pose& pose, double worldHeight);
    // A body-frame anchor position as an item point.
    static QPointF itemPoint(Vec2 local) { return {local.x, -local.y}; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void paintBar(QPainter* painter) const;
    void paintPlaceholder(QPainter* painter) const;
    QRectF placeholderRect() const;

    const Thing m_thing;  // a copy: the item may outlive the Script it was built from
    const ThingId m_id;
    const QImage m_image;
    const bool m_decorated;
    QPen m_barPen;
    QRectF m_bounds;
    Pose m_pose;
};

}  // namespace mv
