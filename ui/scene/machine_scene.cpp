#include "ui/scene/machine_scene.h"

#include "solver/api/animation.h"

#include <QBrush>
#include <QFont>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsTextItem>
#include <QPainterPath>
#include <QPen>

#include <algorithm>

#include "solver/api/element_placement.h"
#include "ui/scene/anchor_item.h"
#include "ui/scene/element_item.h"
#include "ui/scene/image_library.h"
#include "ui/scene/thing_item.h"

namespace mv {

namespace {

// Decorations sit above every thing and element (things use their ThingId as z value, elements
// the number of things plus their ElementId).
constexpr double kTraceZ = 1e6;
constexpr double kMarkZ = 2e6;

}  // namespace

MachineScene::MachineScene(ImageLibrary& images, Mode mode, QObject* parent)
    : QGraphicsScene(parent), m_images(images), m_mode(mode) {
    // A handful of items that all move every frame: an index would only cost time. It also
    // keeps export workers, which have no event loop, away from the index's deferred updates.
    setItemIndexMethod(NoIndex);
}

// Nobody is told about the selection of a scene that goes away (its listeners may be going too).
MachineScene::~MachineScene() {
    blockSignals(true);
    clearMachine();
}

// Deleting a selected item announces the new selection at once, so the lists of items are
// forgotten first: whoever asks then hears of no selection, not of deleted items.
void MachineScene::clearMachine() {
    m_things.clear();
    m_elements.clear();
    clear();
    m_traces.clear();
    m_world = nullptr;
    m_failedFrame = nullptr;
    m_failedLabel = nullptr;
}

void MachineScene::setScript(std::shared_ptr<const Script> script) {
    clearMachine();
    m_script = std::move(script);
    if (!m_script) return;
    const QRectF world = worldRect();
    setSceneRect(world);
    const bool editor = m_mode == Mode::Editor;
    if (editor) {
        m_world = addRect(world, QPen(QColor(160, 160, 160), 0), QBrush(Qt::white));
        m_world->setZValue(-1);
    }
    for (ThingId id{0}; id < m_script->things.size(); ++id) {
        const Thing& thing = m_script->things[id];
        QImage image;
        if (thing.kind == Thing::Kind::Image && !thing.imageMissing)
            image = m_images.image(QString::fromStdString(thing.imagePath));
        auto* item = new ThingItem(thing, id, image, editor);
        item->setPose(thing.initialPose, world.height());
        addItem(item);
        m_things.push_back(item);
        if (!editor) continue;
        for (int a = 0; a < static_cast<int>(thing.anchors.size()); ++a) new AnchorItem(item, a);
    }
    addElements(editor);
    if (!editor) return;
    m_failedFrame = addRect(world, QPen(QColor(220, 30, 30), 6), Qt::NoBrush);
    m_failedFrame->setZValue(kMarkZ);
    m_failedFrame->setVisible(false);
    // Wrapped within the canvas (a long message would run off its edge), with the constraint it
    // names as a link to its line.
    m_failedLabel = addText(QString());
    m_failedLabel->setDefaultTextColor(QColor(220, 30, 30));
    QFont font = m_failedLabel->font();
    font.setBold(true);
    font.setPointSize(14);
    m_failedLabel->setFont(font);
    m_failedLabel->setTextWidth(std::max(world.width() - 20, 40.0));
    m_failedLabel->setTextInteractionFlags(Qt::LinksAccessibleByMouse);
    connect(m_failedLabel, &QGraphicsTextItem::linkActivated, this, [this](const QString& link) {
        const uint32_t id = link.mid(link.indexOf(':') + 1).toUInt();
        if (m_script && id < m_script->constraints.size())
            emit failedConstraintClicked(m_script->constraints[ConstraintId{id}].range);
    });
    m_failedLabel->setPos(world.left() + 10, world.top() + 8);
    m_failedLabel->setZValue(kMarkZ);
    m_failedLabel->setVisible(false);
}

// Visuals paint above every thing, in definition order (docs/reference.md#visuals).
void MachineScene::addElements(bool editor) {
    const double firstZ = static_cast<double>(m_script->things.size());
    for (ElementId id{0}; id < m_script->elements.size(); ++id) {
        const Element& element = m_script->elements[id];
        const ElementVisual& visual = element.visual;
        if (visual.kind == ElementVisual::Kind::None) {
            m_elements.push_back(nullptr);
            continue;
        }
        QImage image;
        if (visual.kind == ElementVisual::Kind::Image && !visual.imageMissing)
            image = m_images.image(QString::fromStdString(visual.imagePath));
        auto* item = new ElementItem(element, id, image, editor);
        item->setZValue(firstZ + id);
        addItem(item);
        m_elements.push_back(item);
    }
}

void MachineScene::showFrame(const FrameSolution& frame) {
    const double height = worldRect().height();
    const size_t count = std::min(frame.poses.size(), m_things.size());
    for (size_t i = 0; i < count; ++i) m_things[i]->setPose(frame.poses[i], height);
    placeElements(frame);
    setFailedMark(frame);
}

void MachineScene::placeElements(const FrameSolution& frame) {
    const double height = worldRect().height();
    for (ElementItem* item : m_elements) {
        if (!item) continue;
        if (const auto placement = placeElement(*m_script, item->elementId(), frame))
            item->place(*placement, height);
        else
            item->setVisible(false);
    }
}

void MachineScene::setFailedMark(const FrameSolution& frame) {
    if (!m_failedFrame) return;
    m_failedFrame->setVisible(frame.failed);
    m_failedLabel->setVisible(frame.failed);
    if (!frame.failed) return;
    QString html = QStringLiteral("frame %1 could not be solved").arg(frame.index);
    if (!frame.summary.off.empty() && m_script) {
        const FrameSummary::Off& off = frame.summary.off.front();
        const QString cause = QString::fromStdString(describeOff(*m_script, off)).toHtmlEscaped();
        html += QStringLiteral(": <a style=\"color: #dc1e1e\" href=\"constraint:%1\">%2</a>")
                    .arg(off.constraint.value())
                    .arg(cause);
    }
    m_failedLabel->setHtml(html);
}

QRectF MachineScene::failedMarkRect() const {
    return m_failedLabel ? m_failedLabel->sceneBoundingRect() : QRectF();
}

bool MachineScene::showsFailedMark() const {
    return m_failedFrame && m_failedFrame->isVisible();
}

QRectF MachineScene::worldRect() const {
    if (!m_script) return {};
    return QRectF(0, 0, m_script->config.width, m_script->config.height);
}

QPointF MachineScene::toScene(Vec2 world) const {
    return {world.x, worldRect().height() - world.y};
}

Vec2 MachineScene::toWorld(QPointF scene) const {
    return {scene.x(), worldRect().height() - scene.y()};
}

ThingItem* MachineScene::thingItem(ThingId id) const {
    return id < m_things.size() ? m_things[id] : nullptr;
}

int MachineScene::selectedThing() const {
    for (ThingItem* item : m_things)
        if (item->isSelected()) return static_cast<int>(item->thingId());
    return -1;
}

void MachineScene::selectThing(int id) {
    if (id == selectedThing()) return;
    clearSelection();
    if (ThingItem* item = thingItem(static_cast<ThingId>(id))) item->setSelected(true);
}

ElementItem* MachineScene::elementItem(ElementId id) const {
    return id < m_elements.size() ? m_elements[id] : nullptr;
}

int MachineScene::selectedElement() const {
    for (ElementItem* item : m_elements)
        if (item && item->isSelected()) return static_cast<int>(item->elementId());
    return -1;
}

void MachineScene::selectElement(int id) {
    if (id == selectedElement()) return;
    clearSelection();
    if (ElementItem* item = elementItem(static_cast<ElementId>(id))) item->setSelected(true);
}

void MachineScene::setTrace(AnchorKey anchor, const std::vector<Vec2>& path) {
    QPainterPath painterPath;
    for (size_t i = 0; i < path.size(); ++i) {
        const QPointF p = toScene(path[i]);
        if (i == 0)
            painterPath.moveTo(p);
        else
            painterPath.lineTo(p);
    }
    auto found = m_traces.find(anchor);
    if (found == m_traces.end()) {
        QPen pen(QColor(230, 90, 20, 200), 0);  // cosmetic: one pixel at any zoom
        auto* item = addPath(painterPath, pen);
        item->setZValue(kTraceZ);
        m_traces.emplace(anchor, item);
        return;
    }
    found->second->setPath(painterPath);
}

void MachineScene::clearTraces() {
    for (auto& [key, item] : m_traces) delete item;
    m_traces.clear();
}

}  // namespace mv
