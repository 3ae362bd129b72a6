#pragma once
// The values of the current frame (frame_values.h): every thing's position, angle, velocity and
// turning on rows of their own, labelled, then its anchors' positions; the
// named variables and the element states; with masses, what each constraint carries and the
// energy (frame_loads.h), in a Forces group that lists only the constraints active at the frame.
// Anchors carry a check box that toggles their trace on the canvas. The tree is rebuilt only when
// the script changes; moving between frames updates texts (and which constraints show) only.
// Values are never cut off: the value column is as wide as its longest text and the panel scrolls
// sideways. Ctrl+C or the context menu copies a row (name and value) or every value.

#include <QTreeWidget>

#include <set>

#include "ui/panels/frame_loads.h"
#include "ui/panels/frame_values.h"
#include "ui/scene/machine_scene.h"

namespace mv {

struct PreviewAnimation;

class ValuesPanel : public QTreeWidget {
    Q_OBJECT
public:
    explicit ValuesPanel(QWidget* parent = nullptr);

    void rebuild(const PreviewAnimation& shown, const std::set<MachineScene::AnchorKey>& traced);
    void showFrame(const PreviewAnimation& shown, int frame);
    // "Crank.Q\t[390.000, 215.000]": a row's full name and its value as shown.
    QString rowText(const QTreeWidgetItem* item) const;
    // Every row with a value, one a line.
    QString allText() const;
    // The values of the frame shown last, by name (what hovering a name in the script tells).
    const FrameValues& values() const { return m_values; }
    // ... and what its constraints carry (what hovering a constraint tells).
    const FrameLoads& loads() const { return m_loads; }

signals:
    void traceToggled(MachineScene::AnchorKey anchor);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    static constexpr int kPoseRows = 4;  // position, angle, velocity, turning
    void addPoseRows(QTreeWidgetItem* thing);
    void addForces(const Script& script);
    void showLoads();

    QTreeWidgetItem* m_things = nullptr;
    QTreeWidgetItem* m_variables = nullptr;
    QTreeWidgetItem* m_elements = nullptr;
    QTreeWidgetItem* m_forces = nullptr;  // null without masses
    QTreeWidgetItem* m_energy = nullptr;  // in m_forces, after the constraints
    std::shared_ptr<const FrameLoads::Entries> m_forceEntries;  // null without masses
    bool m_building = false;
    FrameValues m_values;
    FrameLoads m_loads;
};

}  // namespace mv
