#include "ui/scene/element_item.h"

#include <QGraphicsSceneHoverEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

#include "core/text/readable_value.h"

namespace mv {

namespace {

// The class visual's look follows a bar's defaults (black, 3 units wide, round caps); the disc is
// as big as the hand-drawn bobs of the samples were.
constexpr double kRodWidth = 3;
constexpr double kDiscRadius = 10;
constexpr double kPivotRadius = 3.5;
const QColor kInk(Qt::black);
const QColor kSelection(30, 120, 230);  // a selected thing's outline
const QColor kHover(230, 120, 30);      // a hovered anchor's colour

QRectF disc(QPointF centre, double radius) {
    return {centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius};
}

}  // namespace

ElementItem::ElementItem(const Element& element, ElementId id, QImage image, bool decorated)
    : m_element(element), m_id(id), m_image(std::move(image)), m_decorated(decorated) {
    setFlag(ItemIsSelectable, decorated);
    setAcceptHoverEvents(decorated);
    setVisible(false);  // until a frame places it
}

void ElementItem::place(const ElementPlacement& placement, double worldHeight) {
    const auto points = mv::scenePoints(m_element.visual, placement, worldHeight);
    if (!points) {
        setVisible(false);
        return;
    }
    prepareGeometryChange();
    m_placement = placement;
    m_pivot = QPointF(points->pivot.x, points->pivot.y);
    m_body = QPointF(points->body.x, points->body.y);
    m_bounds = outline().boundingRect().adjusted(-1, -1, 1, 1);
    setVisible(true);
}

QTransform ElementItem::imageTransform() const {
    QTransform transform;
    transform.translate(m_body.x(), m_body.y());
    // Scene y points down, so the world's counter-clockwise turn is a negative angle here.
    if (isPendulum()) transform.rotateRadians(-m_placement.angle);
    const QSizeF size = m_image.deviceIndependentSize();
    transform.translate(-size.width() / 2, -size.height() / 2);
    return transform;
}

QPainterPath ElementItem::outline() const {
    QPainterPath path;
    if (drawsImage()) {
        path.addPolygon(
            imageTransform().map(QRectF(QPointF(0, 0), m_image.deviceIndependentSize())));
        path.closeSubpath();
        return path;
    }
    path.addEllipse(disc(m_body, kDiscRadius));
    if (!isPendulum()) return path;
    path.addEllipse(disc(m_pivot, kPivotRadius + 1));
    QPainterPath rod(m_pivot);
    rod.lineTo(m_body);
    QPainterPathStroker stroker;
    stroker.setWidth(std::max(kRodWidth, 6.0));  // easy to click, like a thin bar
    stroker.setCapStyle(Qt::RoundCap);
    return path.united(stroker.createStroke(rod));
}

QRectF ElementItem::boundingRect() const {
    return m_bounds;
}

QPainterPath ElementItem::shape() const {
    return outline();
}

void ElementItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    if (drawsImage()) {
        painter->save();
        painter->setTransform(imageTransform(), true);
        painter->drawImage(QPointF(0, 0), m_image);
        painter->restore();
    } else {
        paintClassVisual(painter);
    }
    if (!m_decorated) return;
    painter->setBrush(Qt::NoBrush);
    if (m_hovered) {
        painter->setPen(QPen(kHover, 0));  // cosmetic: one screen pixel at any zoom
        painter->drawPath(outline());
    }
    if (isSelected()) {
        painter->setPen(QPen(kSelection, 0, Qt::DashLine));
        painter->drawRect(m_bounds);
    }
}

void ElementItem::paintClassVisual(QPainter* painter) const {
    if (isPendulum()) {
        painter->setPen(QPen(kInk, kRodWidth, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(m_pivot, m_body);
    }
    painter->setPen(Qt::NoPen);
    painter->setBrush(kInk);
    painter->drawEllipse(disc(m_body, kDiscRadius));
    if (!isPendulum()) return;
    painter->setPen(QPen(kInk, 1.5));
    painter->setBrush(Qt::white);
    painter->drawEllipse(disc(m_pivot, kPivotRadius));
}

QString ElementItem::describe() const {
    const Vec2 at = canvasPosition();
    const QString where = QStringLiteral("[%1, %2]").arg(at.x, 0, 'f', 2).arg(at.y, 0, 'f', 2);
    const QString name = QString::fromStdString(m_element.name);
    if (isPendulum())
        return QStringLiteral("%1.theta = %2, the bob at %3")
            .arg(name, QString::fromStdString(angleText(m_placement.angle)), where);
    const Vec2 x = m_placement.body;
    return QStringLiteral("%1.x = [%2, %3], at %4")
        .arg(name)
        .arg(x.x, 0, 'f', 3)
        .arg(x.y, 0, 'f', 3)
        .arg(where);
}

void ElementItem::hoverEnterEvent(QGraphicsSceneHoverEvent* event) {
    m_hovered = true;
    update();
    QToolTip::showText(event->screenPos(), describe());
}

void ElementItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*) {
    m_hovered = false;
    update();
    QToolTip::hideText();
}

}  // namespace mv
