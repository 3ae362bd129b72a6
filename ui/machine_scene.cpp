#include "ui/machine_scene.h"

#include "solver/animation.h"

#include <QBrush>
#include <QFont>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPainterPath>
#include <QPen>

#include "ui/anchor_item.h"
#include "ui/image_library.h"
#include "ui/thing_item.h"

namespace mv {

namespace {

// Decorations sit above every thing (things use their ThingId as z value).
constexpr double kTraceZ = 1e6;
constexpr double kMarkZ = 2e6;

}  // namespace

MachineScene::MachineScene(ImageLibrary& images, Mode mode, QObject* parent)
    : QGraphicsScene(parent), m_images(images), m_mode(mode) {
    // A handful of items that all move every frame: an index would only cost time. It also
    // keeps export workers, which have no event loop, away from the index's deferred updates.
    setItemIndexMethod(NoIndex);
}

MachineScene::~MachineScene() = default;

void MachineScene::clearMachine() {
    clear();
    m_things.clear();
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
    if (!editor) return;
    m_failedFrame = addRect(world, QPen(QColor(220, 30, 30), 6), Qt::NoBrush);
    m_failedFrame->setZValue(kMarkZ);
    m_failedFrame->setVisible(false);
    m_failedLabel = addSimpleText(QString());
    m_failedLabel->setBrush(QColor(220, 30, 30));
    QFont font = m_failedLabel->font();
    font.setBold(true);
    font.setPointSize(14);
    m_failedLabel->setFont(font);
    m_failedLabel->setPos(world.left() + 10, world.top() + 8);
    m_failedLabel->setZValue(kMarkZ);
    m_failedLabel->setVisible(false);
}

void MachineScene::showFrame(const FrameSolution& frame) {
    const double height = worldRect().height();
    const size_t count = std::min(frame.poses.size(), m_things.size());
    for (size_t i = 0; i < count; ++i) m_things[i]->setPose(frame.poses[i], height);
    setFailedMark(frame);
}

void MachineScene::setFailedMark(const FrameSolution& frame) {
    if (!m_failedFrame) return;
    m_failedFrame->setVisible(frame.failed);
    m_failedLabel->setVisible(frame.failed);
    if (!frame.failed) return;
    QString text = QStringLiteral("frame %1 could not be solved").arg(frame.index);
    if (!frame.summary.off.empty() && m_script)
        text += QStringLiteral(": ") +
                QString::fromStdString(describeOff(*m_script, frame.summary.off.front()));
    m_failedLabel->setText(text);
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
