#pragma once
// A small marker on an anchor of a thing, shown on the editor canvas only (never exported).
// It is a child of its ThingItem, so it moves with the thing for free; it ignores the view's zoom
// so it keeps its screen size. Hovering shows the anchor's name and its current world position.

#include <QGraphicsEllipseItem>

#include "core/model/script.h"

namespace mv {

class ThingItem;

class AnchorItem : public QGraphicsEllipseItem {
public:
    AnchorItem(ThingItem* thing, int anchorIndex);

    ThingId thingId() const;
    int anchorIndex() const { return m_anchor; }
    QString label() const;       // "Crank.Q"
    Vec2 worldPosition() const;  // at the thing's current pose
    QString describe() const;    // "Crank.Q = [120.00, 80.00]"

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    ThingItem* m_thing;  // the parent item, which owns this one
    int m_anchor;
};

}  // namespace mv
