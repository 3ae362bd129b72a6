#pragma once
// The values of the current frame (frame_values.h): every thing's pose and anchor positions, the
// named variables and the element states. Anchors carry a check box that toggles their trace on the
// canvas. The tree is rebuilt only when the script changes; moving between frames updates texts
// only. Values are never cut off: the value column is as wide as its longest text and the panel
// scrolls sideways. Ctrl+C or the context menu copies a row (name and value) or every value.

#include <QTreeWidget>

#include <set>

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

signals:
    void traceToggled(MachineScene::AnchorKey anchor);

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    QTreeWidgetItem* m_things = nullptr;
    QTreeWidgetItem* m_variables = nullptr;
    QTreeWidgetItem* m_elements = nullptr;
    bool m_building = false;
    FrameValues m_values;
};

}  // namespace mv
