#include "ui/canvas/canvas_view.h"

#include <QPainterPath>

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

#include "ui/scene/anchor_item.h"
#include "ui/scene/thing_item.h"

namespace mv {

namespace {

constexpr double kZoomPerNotch = 1.15;            // one wheel step (120 units of angle delta)
constexpr double kFitMargin = 0.04;               // of the world's size, on each side
const QColor kSurround(CanvasView::kVeil.rgb());  // the veil, opaque

}  // namespace

CanvasView::CanvasView(MachineScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent), m_scene(scene) {
    setRenderHints(QPainter::Antialiasing | QPainter::SmoothPixmapTransform);
    setDragMode(ScrollHandDrag);  // empty space pans; items still take clicks and get selected
    setTransformationAnchor(AnchorUnderMouse);
    setBackgroundBrush(kSurround);
    setViewportUpdateMode(SmartViewportUpdate);
    // Panning is by dragging; scroll bars would only take room from the machine.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(scene, &QGraphicsScene::sceneRectChanged, this, [this] {
        if (!m_userZoomed) zoomToFit();
    });
}

void CanvasView::zoomToFit() {
    const QRectF world = m_scene->worldRect();
    if (world.isEmpty()) return;
    const double mx = world.width() * kFitMargin, my = world.height() * kFitMargin;
    setSceneRect(world.adjusted(-mx * 10, -my * 10, mx * 10, my * 10));  // room to pan around
    fitInView(world.adjusted(-mx, -my, mx, my), Qt::KeepAspectRatio);
    m_userZoomed = false;
}

void CanvasView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (!m_userZoomed) zoomToFit();
}

void CanvasView::setDragLine(QPointF from, QPointF to) {
    m_dragLine = QLineF(from, to);
    viewport()->update();
}

void CanvasView::clearDragLine() {
    m_dragLine.reset();
    viewport()->update();
}

void CanvasView::setStaleNotice(const QString& notice) {
    if (notice == m_staleNotice) return;
    m_staleNotice = notice;
    viewport()->update();
}

void CanvasView::drawForeground(QPainter* painter, const QRectF& exposed) {
    veilOutsideCanvas(painter, exposed);
    if (!m_staleNotice.isEmpty()) paintStale(painter);
    if (!m_dragLine) return;
    const double pixel = 1 / std::max(transform().m11(), 1e-9);
    painter->setPen(QPen(QColor(230, 90, 20), 0, Qt::DashLine));  // cosmetic: one pixel
    painter->drawLine(*m_dragLine);
    painter->setBrush(Qt::NoBrush);
    painter->setPen(QPen(QColor(230, 90, 20), 2 * pixel));
    painter->drawEllipse(m_dragLine->p2(), 6 * pixel, 6 * pixel);
}

// An export shows the canvas only: whatever flies off it (a juggled ball above the canvas) is
// drawn veiled in the surround's colour, seen but plainly not part of the picture.
void CanvasView::veilOutsideCanvas(QPainter* painter, const QRectF& exposed) const {
    const QRectF world = m_scene->worldRect();
    if (world.isEmpty()) return;
    QPainterPath outside;  // odd-even filled: the exposed area with the canvas cut out
    outside.addRect(exposed.united(world));
    outside.addRect(world);
    painter->fillPath(outside, kVeil);
}

// In the view's own pixels, whatever the zoom: a pale veil over everything and the notice on a
// band across the top.
void CanvasView::paintStale(QPainter* painter) const {
    painter->save();
    painter->resetTransform();
    const QRect all = viewport()->rect();
    painter->fillRect(all, QColor(255, 255, 255, 140));
    const int line = fontMetrics().height();
    // Wrapped, never cut: a narrow canvas gets a taller band.
    const QRect text = fontMetrics().boundingRect(all.adjusted(line / 2, 0, -line / 2, 0),
                                                  Qt::TextWordWrap, m_staleNotice);
    const QRect band(all.left(), all.top(), all.width(), text.height() + line);
    painter->fillRect(band, QColor(255, 236, 179, 235));
    painter->setPen(QColor(110, 70, 0));
    painter->setFont(font());
    painter->drawText(band.adjusted(line / 2, 0, -line / 2, 0),
                      Qt::AlignVCenter | Qt::AlignLeft | Qt::TextWordWrap, m_staleNotice);
    painter->restore();
}

// The scene's own tooltip handling only knows QGraphicsItem::toolTip(), a fixed text, and hides
// any other tooltip; an anchor's text changes with every frame, so it is made here when asked.
// Every anchor under the mouse is named: at a joint (Crank.Q on Conrod.P) both are.
bool CanvasView::viewportEvent(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QGraphicsView::viewportEvent(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    QStringList lines;
    for (QGraphicsItem* item : items(help->pos()))
        if (const auto* anchor = dynamic_cast<AnchorItem*>(item)) lines << anchor->describe();
    if (lines.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), lines.join('\n'), viewport());
    return true;
}

void CanvasView::wheelEvent(QWheelEvent* event) {
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0) return;
    const double factor = std::pow(kZoomPerNotch, notches);
    const double current = transform().m11();
    if ((current > 50 && factor > 1) || (current < 0.02 && factor < 1)) return;
    scale(factor, factor);
    m_userZoomed = true;
    event->accept();
}

void CanvasView::contextMenuEvent(QContextMenuEvent* event) {
    QGraphicsItem* hit = itemAt(event->pos());
    ThingItem* thing = nullptr;
    int onlyAnchor = -1;
    if (auto* anchor = dynamic_cast<AnchorItem*>(hit)) {
        thing = m_scene->thingItem(anchor->thingId());
        onlyAnchor = anchor->anchorIndex();
    } else {
        thing = dynamic_cast<ThingItem*>(hit);
    }
    if (!thing) return QGraphicsView::contextMenuEvent(event);
    QMenu menu(this);
    const auto& anchors = thing->thing().anchors;
    for (int a = 0; a < static_cast<int>(anchors.size()); ++a) {
        if (onlyAnchor >= 0 && a != onlyAnchor) continue;
        const MachineScene::AnchorKey key{thing->thingId(), a};
        QAction* action = menu.addAction(tr("Trace %1.%2")
                                             .arg(QString::fromStdString(thing->thing().name),
                                                  QString::fromStdString(anchors[a].name)));
        action->setCheckable(true);
        action->setChecked(m_traced && m_traced->count(key));
        connect(action, &QAction::triggered, this, [this, key] { emit traceToggled(key); });
    }
    menu.exec(event->globalPos());
}

}  // namespace mv
