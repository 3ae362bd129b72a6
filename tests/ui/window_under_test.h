#pragma once
// The editor's main window as tests and benchmarks drive it: its parts found by the object names
// MainWindow gives them, so that the window keeps no accessors that only tests would call. A
// missing name throws, which fails the test that asked with the name in its message.

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>

#include <stdexcept>

#include "ui/canvas/canvas_view.h"
#include "ui/editor/find_bar.h"
#include "ui/editor/number_scrubber.h"
#include "ui/editor/script_completer.h"
#include "ui/editor/script_editor.h"
#include "ui/panels/diagnostics_list.h"
#include "ui/panels/plot_panel.h"
#include "ui/panels/values_panel.h"
#include "ui/scene/machine_scene.h"
#include "ui/window/main_window.h"

namespace mv::test {

class WindowUnderTest : public MainWindow {
public:
    using MainWindow::MainWindow;

    ScriptEditor* editor() const { return part<ScriptEditor>("scriptEditor"); }
    FindBar* findBar() const { return part<FindBar>("findBar"); }
    ScriptCompleter* completer() const { return part<ScriptCompleter>("scriptCompleter"); }
    NumberScrubber* scrubber() const { return part<NumberScrubber>("numberScrubber"); }
    CanvasView* canvas() const { return part<CanvasView>("canvas"); }
    MachineScene* scene() const { return part<MachineScene>("machineScene"); }
    DiagnosticsList* diagnosticsList() const { return part<DiagnosticsList>("diagnosticsList"); }
    ValuesPanel* valuesPanel() const { return part<ValuesPanel>("valuesPanel"); }
    PlotPanel* plotPanel() const { return part<PlotPanel>("plotPanel"); }

    // The View menu's action that shows and hides the panel or dock with this object name: a
    // dock's is its toggle action, a panel's has the panel's title.
    QAction* panelAction(const QString& objectName) const {
        if (auto* dock = findChild<QDockWidget*>(objectName)) return dock->toggleViewAction();
        const QString title = part<QWidget>(objectName)->windowTitle();
        for (QAction* menu : menuBar()->actions())
            if (menu->text().remove('&') == "View")
                for (QAction* action : menu->menu()->actions())
                    if (action->text() == title) return action;
        throw std::runtime_error("no View menu action for " + objectName.toStdString());
    }

private:
    template <typename T>
    T* part(const QString& objectName) const {
        if (T* found = findChild<T*>(objectName)) return found;
        throw std::runtime_error("no " + objectName.toStdString() + " in the main window");
    }
};

}  // namespace mv::test
