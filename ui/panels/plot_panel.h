#pragma once
// The plots panel: pick values (anchor coordinates, variables, element states, or their exact
// velocities and accelerations; with masses the constraints' forces, torques and power and the
// energy) from a short list that filters as you type, see them over the whole
// animation with the playhead, export them as CSV. The plot fills the panel's height beside the
// controls; a splitter sets its width, the dock's edge its height. The choice is kept by name, so
// it survives edits that rebuild the script.

#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

#include "ui/panels/plotted_quantity.h"

class QComboBox;
class QListWidget;
class QSplitter;

namespace mv {

class PlotWidget;
struct PreviewAnimation;

class PlotPanel : public QWidget {
    Q_OBJECT
public:
    explicit PlotPanel(QWidget* parent = nullptr);

    void showAnimation(const PreviewAnimation& shown);
    void setPlayhead(int frame);
    // Adds a quantity by its name ("Crank.Q.x", "d/dt Crank.Q.x", "d²/dt² Crank.Q.x",
    // "motor.Crank.torque"); false if there is none.
    bool addQuantity(const QString& name);
    QString csv() const;
    PlotWidget* plot() const { return m_plot; }
    QComboBox* picker() const { return m_values; }

signals:
    void frameRequested(int frame);

private:
    void offer(std::vector<PlottedQuantity> available);
    void refresh();
    void exportCsv();
    std::optional<PlottedQuantity> find(const QString& name) const;

    const PreviewAnimation* m_shown = nullptr;  // owned by the live preview
    PlottedScript m_script;                     // the shown one's, its names found once
    std::vector<PlottedQuantity> m_available;   // what the picker offers (values only)
    QStringList m_availableNames;               // ... by name, as it lists them
    QStringList m_chosen;                       // by name
    QComboBox* m_values;
    QComboBox* m_derivative;  // value, velocity, acceleration
    QListWidget* m_list;
    PlotWidget* m_plot;
    QSplitter* m_splitter;
};

}  // namespace mv
