#include "ui/panels/values_panel.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <QTreeWidgetItemIterator>

#include "ui/preview/preview_animation.h"

namespace mv {

namespace {

constexpr int kAnchorRole = Qt::UserRole + 1;

QTreeWidgetItem* group(QTreeWidget* tree, const QString& title) {
    auto* item = new QTreeWidgetItem(tree, {title});
    QFont font = item->font(0);
    font.setBold(true);
    item->setFont(0, font);
    item->setExpanded(true);
    return item;
}

}  // namespace

ValuesPanel::ValuesPanel(QWidget* parent) : QTreeWidget(parent) {
    setColumnCount(2);
    setHeaderLabels({tr("Name"), tr("Value")});
    setUniformRowHeights(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    header()->setStretchLastSection(false);
    setTextElideMode(Qt::ElideNone);
    // Two levels under a group: a narrower step than the style's leaves the values their room.
    setIndentation(fontMetrics().averageCharWidth() * 2);
    connect(this, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* item, int column) {
        if (m_building || column != 0 || !item->data(0, kAnchorRole).isValid()) return;
        const QPoint key = item->data(0, kAnchorRole).toPoint();
        emit traceToggled({static_cast<ThingId>(key.x()), key.y()});
    });
}

void ValuesPanel::rebuild(const PreviewAnimation& shown,
                          const std::set<MachineScene::AnchorKey>& traced) {
    m_building = true;
    clear();
    m_things = group(this, tr("Things"));
    m_variables = group(this, tr("Variables"));
    m_elements = group(this, tr("Elements"));
    m_forces = m_energy = nullptr;
    m_forceEntries = nullptr;
    if (shown.script) {
        const Script& script = *shown.script;
        for (ThingId t{0}; t < script.things.size(); ++t) {
            const Thing& thing = script.things[t];
            auto* item = new QTreeWidgetItem(m_things, {QString::fromStdString(thing.name)});
            addPoseRows(item);
            for (int a = 0; a < static_cast<int>(thing.anchors.size()); ++a) {
                auto* anchor =
                    new QTreeWidgetItem(item, {QString::fromStdString(thing.anchors[a].name)});
                anchor->setData(0, kAnchorRole, QPoint(static_cast<int>(t), a));
                anchor->setCheckState(0, traced.count({t, a}) ? Qt::Checked : Qt::Unchecked);
                anchor->setToolTip(0, tr("Check to draw this anchor's path"));
            }
            item->setExpanded(true);
        }
        for (const Variable& v : script.variables)
            if (!v.anonymous) new QTreeWidgetItem(m_variables, {QString::fromStdString(v.name)});
        for (const Element& e : script.elements) {
            auto* item = new QTreeWidgetItem(m_elements, {QString::fromStdString(e.name)});
            for (const ElementState& s : e.states)
                new QTreeWidgetItem(item, {QString::fromStdString(s.name)});
            item->setExpanded(true);
        }
        if (!script.masses.empty()) addForces(script);
    }
    m_variables->setHidden(m_variables->childCount() == 0);
    m_elements->setHidden(m_elements->childCount() == 0);
    m_building = false;
}

// A thing's labelled quantities (FrameValues::thingRows), before its anchors; a frame without
// rates hides the last two.
void ValuesPanel::addPoseRows(QTreeWidgetItem* thing) {
    const QString tips[kPoseRows] = {
        tr("where the image's top-left corner is (a bar's: its origin), in canvas units"),
        tr("the angle, counter-clockwise, in (-180°, 180°]; the whole turns it has made beside "
           "it"),
        tr("how fast the position moves, in canvas units per second"),
        tr("how fast the angle turns, counter-clockwise")};
    const QString labels[kPoseRows] = {tr("position"), tr("angle"), tr("velocity"), tr("turning")};
    for (int i = 0; i < kPoseRows; ++i) {
        auto* row = new QTreeWidgetItem(thing, {labels[i]});
        row->setForeground(0, palette().placeholderText());
        row->setToolTip(0, tips[i]);
        row->setToolTip(1, tips[i]);
    }
}

// Every constraint by the name `solve` prints it under, with a row for each thing it can load,
// then the energy; which of them show, and their texts, follow the frame (showLoads).
void ValuesPanel::addForces(const Script& script) {
    m_forceEntries = std::make_shared<const FrameLoads::Entries>(forceEntries(script));
    m_forces = group(this, tr("Forces"));
    m_forces->setToolTip(0, tr("What each active constraint carries at this frame, under the "
                               "names solve prints: a drive's power, its force and torque on each "
                               "thing; then the machine's energy"));
    for (const ForceEntry& entry : *m_forceEntries) {
        auto* item = new QTreeWidgetItem(m_forces, {QString::fromStdString(entry.name)});
        if (entry.drive) item->setToolTip(1, tr("the power this drive feeds into the machine"));
        for (const ThingId thing : entry.things) {
            auto* on =
                new QTreeWidgetItem(item, {QString::fromStdString(script.things[thing].name)});
            on->setToolTip(1, tr("the force on this thing, in the world's axes, and the torque "
                                 "about the anchor, counter-clockwise"));
        }
        item->setExpanded(true);
    }
    m_energy = new QTreeWidgetItem(m_forces, {tr("energy")});
    for (const QString& kind : {tr("kinetic"), tr("potential")})
        new QTreeWidgetItem(m_energy, {kind});
    m_energy->setExpanded(true);
}

void ValuesPanel::showFrame(const PreviewAnimation& shown, int index) {
    const FrameSolution* frame = shown.frame(index);
    if (!frame || !shown.script || !m_things) return;
    m_values = FrameValues(shown.script, *frame);
    m_building = true;
    // The rows were built in the script's order (rebuild), so the values are set by position.
    for (int t = 0; t < m_things->childCount(); ++t) {
        QTreeWidgetItem* item = m_things->child(t);
        const std::vector<LabelledValue>& rows = m_values.thingRows(size_t(t));
        for (int r = 0; r < kPoseRows; ++r) {
            const QString text = size_t(r) < rows.size() ? rows[size_t(r)].value : QString();
            item->child(r)->setText(1, text);
            item->child(r)->setHidden(text.isEmpty());
        }
        for (int a = kPoseRows; a < item->childCount(); ++a)
            item->child(a)->setText(1, m_values.anchor(size_t(t), size_t(a - kPoseRows)));
    }
    int row = 0;
    for (size_t v = 0; v < shown.script->variables.size(); ++v) {
        if (shown.script->variables[v].anonymous) continue;
        if (row < m_variables->childCount())
            m_variables->child(row++)->setText(1, m_values.variable(v));
    }
    for (int e = 0; e < m_elements->childCount(); ++e) {
        QTreeWidgetItem* item = m_elements->child(e);
        for (int i = 0; i < item->childCount(); ++i)
            item->child(i)->setText(1, m_values.state(size_t(e), size_t(i)));
    }
    m_loads = FrameLoads(shown.script, m_forceEntries, *frame);
    showLoads();
    m_building = false;
}

void ValuesPanel::showLoads() {
    if (!m_forces) return;
    // The rows were built in the entries' order (addForces), the energy after them.
    for (size_t e = 0; e < m_forceEntries->size(); ++e) {
        QTreeWidgetItem* item = m_forces->child(int(e));
        item->setHidden(!m_loads.listed(e));
        item->setText(1, m_loads.power(e));
        for (int t = 0; t < item->childCount(); ++t) {
            const QString on = m_loads.on(e, size_t(t));
            item->child(t)->setText(1, on);
            item->child(t)->setHidden(on.isEmpty());
        }
    }
    m_energy->child(0)->setText(1, m_loads.kinetic());
    m_energy->child(1)->setText(1, m_loads.potential());
}

QString ValuesPanel::rowText(const QTreeWidgetItem* item) const {
    if (!item || item->text(1).isEmpty()) return {};
    QString name = item->text(0);
    // Anchors and states are named after their thing or element: "Crank.Q".
    const QTreeWidgetItem* parent = item->parent();
    if (parent && parent->parent()) name = parent->text(0) + '.' + name;
    return name + '\t' + item->text(1);
}

QString ValuesPanel::allText() const {
    QStringList lines;
    for (QTreeWidgetItemIterator it(const_cast<ValuesPanel*>(this)); *it; ++it)
        if (const QString line = rowText(*it); !line.isEmpty()) lines << line;
    return lines.join('\n');
}

void ValuesPanel::keyPressEvent(QKeyEvent* event) {
    if (!event->matches(QKeySequence::Copy)) return QTreeWidget::keyPressEvent(event);
    QStringList lines;
    for (const QTreeWidgetItem* item : selectedItems())
        if (const QString line = rowText(item); !line.isEmpty()) lines << line;
    if (!lines.isEmpty()) QApplication::clipboard()->setText(lines.join('\n'));
}

void ValuesPanel::contextMenuEvent(QContextMenuEvent* event) {
    QTreeWidgetItem* item = itemAt(viewport()->mapFromGlobal(event->globalPos()));
    QMenu menu(this);
    QAction* value = menu.addAction(tr("Copy Value"), this,
                                    [item] { QApplication::clipboard()->setText(item->text(1)); });
    QAction* row = menu.addAction(tr("Copy Name and Value"), this, [this, item] {
        QApplication::clipboard()->setText(rowText(item));
    });
    value->setEnabled(item && !item->text(1).isEmpty());
    row->setEnabled(value->isEnabled());
    menu.addAction(tr("Copy All Values"), this,
                   [this] { QApplication::clipboard()->setText(allText()); });
    menu.exec(event->globalPos());
}

}  // namespace mv
