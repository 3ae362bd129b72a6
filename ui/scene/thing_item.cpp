#include "ui/scene/thing_item.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

#include "core/model/placeholder_box.h"

namespace mv {

ThingItem::ThingItem(const Thing& thing, ThingId id, QImage image, bool decorated)
    : m_thing(thing), m_id(id), m_image(std::move(image)), m_decorated(decorated) {
    setFlag(ItemIsSelectable, decorated);
    setZValue(id);  // definition order = painting order
    if (m_thing.kind == Thing::Kind::Bar) {
        QColor color(QString::fromStdString(m_thing.color));
        if (!color.isValid()) color = Qt::black;
        m_barPen = QPen(color, m_thing.lineWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        QPolygonF points;
        for (const Anchor& anchor : m_thing.anchors) points << itemPoint(anchor.local);
        const double half = m_thing.lineWidth / 2 + 1;
        m_bounds = points.boundingRect().adjusted(-half, -half, half, half);
    } else if (!m_image.isNull()) {
        m_bounds = QRectF(QPointF(0, 0), m_image.deviceIndependentSize());
    } else {
        m_bounds = placeholderRect();
    }
}

QTransform ThingItem::transformFor(const Pose& pose, double worldHeight) {
    const double c = std::cos(pose.angle), s = std::sin(pose.angle);
    // pixel (px, py) = body (px, -py) -> world R(angle) body + (x, y) -> scene (wx, H - wy)
    return QTransform(c, -s, s, c, pose.x, worldHeight - pose.y);
}

void ThingItem::setPose(const Pose& pose, double worldHeight) {
    m_pose = pose;
    setTransform(transformFor(pose, worldHeight));
}

QRectF ThingItem::boundingRect() const {
    return m_bounds;
}

QPainterPath ThingItem::shape() const {
    QPainterPath path;
    if (m_thing.kind != Thing::Kind::Bar) {
        path.addRect(m_bounds);
        return path;
    }
    QPolygonF points;
    for (const Anchor& anchor : m_thing.anchors) points << itemPoint(anchor.local);
    path.addPolygon(points);
    QPainterPathStroker stroker;
    stroker.setWidth(std::max(m_thing.lineWidth, 6.0));  // easy to click even when thin
    return stroker.createStroke(path);
}

void ThingItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    if (m_thing.kind == Thing::Kind::Bar) {
        paintBar(painter);
    } else if (!m_image.isNull()) {
        painter->drawImage(QPointF(0, 0), m_image);
    } else {
        paintPlaceholder(painter);
    }
    if (m_decorated && isSelected()) {
        QPen outline(QColor(30, 120, 230), 0, Qt::DashLine);  // cosmetic: one screen pixel
        painter->setPen(outline);
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(m_bounds);
    }
}

void ThingItem::paintBar(QPainter* painter) const {
    QPolygonF points;
    for (const Anchor& anchor : m_thing.anchors) points << itemPoint(anchor.local);
    painter->setPen(m_barPen);
    if (points.size() == 1) {
        painter->drawPoint(points.front());
        return;
    }
    painter->drawPolyline(points);
}

QRectF ThingItem::placeholderRect() const {
    const Box box = placeholderBox(m_thing);
    return {box.x, box.y, box.width, box.height};
}

void ThingItem::paintPlaceholder(QPainter* painter) const {
    painter->setPen(QPen(QColor(200, 40, 40), 0, Qt::DashLine));
    painter->setBrush(QColor(255, 220, 220, 160));
    painter->drawRect(m_bounds);
    painter->drawLine(m_bounds.topLeft(), m_bounds.bottomRight());
    painter->drawLine(m_bounds.topRight(), m_bounds.bottomLeft());
    painter->setPen(QColor(140, 20, 20));
    painter->drawText(m_bounds, Qt::AlignCenter, QString::fromStdString(m_thing.name));
}

}  // namespace mv
