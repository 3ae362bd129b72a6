#include "ui/scene/anchor_item.h"

#include <QBrush>
#include <QGraphicsSceneHoverEvent>
#include <QPen>
#include <QToolTip>

#include "ui/scene/thing_item.h"

namespace mv {

namespace {
constexpr double kRadius = 3.5;  // screen pixels
}

AnchorItem::AnchorItem(ThingItem* thing, int anchorIndex)
    : QGraphicsEllipseItem(-kRadius, -kRadius, 2 * kRadius, 2 * kRadius, thing),
      m_thing(thing),
      m_anchor(anchorIndex) {
    setPos(ThingItem::itemPoint(thing->thing().anchors[anchorIndex].local));
    setFlag(ItemIgnoresTransformations);
    setAcceptHoverEvents(true);
    setPen(QPen(Qt::white, 1));
    setBrush(QColor(30, 120, 230));
    setZValue(1);
}

ThingId AnchorItem::thingId() const {
    return m_thing->thingId();
}

QString AnchorItem::label() const {
    const Thing& thing = m_thing->thing();
    return QString::fromStdString(thing.name + "." + thing.anchors[m_anchor].name);
}

Vec2 AnchorItem::worldPosition() const {
    return m_thing->pose().apply(m_thing->thing().anchors[m_anchor].local);
}

QString AnchorItem::describe() const {
    const Vec2 p = worldPosition();
    return QStringLiteral("%1 = [%2, %3]").arg(label()).arg(p.x, 0, 'f', 2).arg(p.y, 0, 'f', 2);
}

void AnchorItem::hoverEnterEvent(QGraphicsSceneHoverEvent* event) {
    setBrush(QColor(230, 120, 30));
    QToolTip::showText(event->screenPos(), describe());
}

void AnchorItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*) {
    setBrush(QColor(30, 120, 230));
    QToolTip::hideText();
}

}  // namespace mv
