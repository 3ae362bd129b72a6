#pragma once
// The values of the current frame: every thing's pose and anchor positions, the named variables
// and the element states. Anchors carry a check box that toggles their trace on the canvas.
// The tree is rebuilt only when the script changes; moving between frames updates texts only.

#include <QTreeWidget>

#include <set>

#include "ui/machine_scene.h"

namespace mv {

struct PreviewAnimation;

class StatePanel : public QTreeWidget {
    Q_OBJECT
public:
    explicit StatePanel(QWidget* parent = nullptr);

    void rebuild(const PreviewAnimation& shown, const std::set<MachineScene::AnchorKey>& traced);
    void showFrame(const PreviewAnimation& shown, int frame);

signals:
    void traceToggled(MachineScene::AnchorKey anchor);

private:
    QTreeWidgetItem* m_things = nullptr;
    QTreeWidgetItem* m_variables = nullptr;
    QTreeWidgetItem* m_elements = nullptr;
    bool m_building = false;
};

}  // namespace mv
