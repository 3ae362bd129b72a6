#pragma once
// The editor's layout on a first start and after View > Reset Layout. The script is the source of
// truth and gets room for 80 columns, less only where that would squeeze the canvas below
// kMinCanvasWidth; the Values panel starts narrow beside the canvas, or, in a window too narrow
// for three columns (a laptop at 150 %), joins the Diagnostics and Plots under them as a tab. The
// Diagnostics dock's height is DiagnosticsDock's business: it fits what there is to say.

class QDockWidget;
class QMainWindow;
class QSplitter;

namespace mv {

class ScriptEditor;

struct DefaultLayout {
    static constexpr int kScriptColumns = 80;
    static constexpr int kMinCanvasWidth = 320;  // logical pixels, the timeline's controls fit

    QSplitter* scriptAndStage = nullptr;
    ScriptEditor* script = nullptr;
    QDockWidget* values = nullptr;
    QDockWidget* bottom = nullptr;  // the dock the Values panel joins in a narrow window

    // Places and sizes everything for the window's current width.
    void apply(QMainWindow* window) const;
};

}  // namespace mv
