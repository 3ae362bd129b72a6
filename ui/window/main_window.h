#pragma once
// The editor's main window: the composition of the panels (script editor, canvas, timeline,
// diagnostics, values, plots) and the wiring between them and the live preview. Each panel is
// its own class; this one only connects them and holds the menus.

#include <QMainWindow>
#include <QTime>

#include <memory>
#include <set>
#include <vector>

#include "ui/files/image_watcher.h"
#include "ui/scene/image_library.h"
#include "ui/scene/machine_scene.h"
#include "ui/window/default_layout.h"
#include "ui/window/user_prompts.h"
#include "ui/window/window_layout.h"

class QLabel;
class QSettings;

namespace mv {

class CanvasDrag;
class CanvasView;
class DiagnosticsDock;
class DiagnosticsList;
class FileMenu;
class FindBar;
class HelpMenu;
class LivePreview;
class PlotPanel;
class ScriptDocument;
class ScriptEditor;
class SolveStatus;
class TimelinePanel;
class ValuesPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `prompts` answers the window's questions (those left empty get the real dialogs);
    // `autosaveFolder` is where the backup goes (Autosave::defaultFolder()).
    MainWindow(UserPrompts prompts, const QString& autosaveFolder, QWidget* parent = nullptr);
    ~MainWindow() override;

    // What `movimentum --screenshot` and the start-up drive; tests reach the other parts by their
    // object names (tests/ui/window_under_test.h).
    CanvasDrag* canvasDrag() const { return m_canvasDrag; }
    TimelinePanel* timeline() const { return m_timeline; }
    LivePreview* preview() const { return m_preview; }
    ScriptDocument* document() const { return m_document; }
    HelpMenu* help() const { return m_help; }

    // The window and panel layout of an earlier session (false when there is none), and saving it.
    bool restoreLayout(QSettings& settings);
    void saveLayout(QSettings& settings) const { m_layout.save(settings); }

    bool openFile(const QString& path);

protected:
    void showEvent(QShowEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    QWidget* buildScriptPane();
    QWidget* buildStage();
    void buildDocks();
    void buildMenus();
    void buildViewMenu();
    void buildPlaybackShortcuts(QWidget* stage);
    // View > Reset Layout: the docks where they were built, every panel shown, the first sizes.
    void resetLayout();

    void onTextChanged();
    void sendTextToPreview();
    void onDiagnostics();
    void onAnimationReset();
    void onFramesAdded(int first, int end);
    void onAnimationComplete();
    void showCurrentFrame();
    void toggleTrace(MachineScene::AnchorKey anchor);
    void updateTraces();
    void onImageChanged(const QString& path);
    void onSceneSelection();
    void onCursorMoved(uint32_t offset);
    void showCursorPosition();
    void updateTitle();
    void updateSolveStatus();
    void showCause(SourceRange constraint, const std::vector<SourceRange>& support, int frame);
    void exportFrames();
    void present();

    ImageLibrary m_images;
    ScriptEditor* m_editor;
    MachineScene* m_scene;
    CanvasView* m_canvas = nullptr;
    CanvasDrag* m_canvasDrag = nullptr;  // edit by dragging on the canvas
    TimelinePanel* m_timeline = nullptr;
    DiagnosticsList* m_diagnostics = nullptr;
    DiagnosticsDock* m_diagnosticsDock = nullptr;
    ValuesPanel* m_values = nullptr;
    PlotPanel* m_plots = nullptr;
    LivePreview* m_preview;
    ScriptDocument* m_document;
    FindBar* m_findBar = nullptr;
    HelpMenu* m_help = nullptr;
    WindowLayout m_layout{this};
    DefaultLayout m_defaultLayout;
    bool m_layoutRestored = false;  // then the default layout is not applied
    bool m_shown = false;
    FileMenu* m_fileMenu = nullptr;
    SolveStatus* m_solveStatus = nullptr;  // in the status bar
    QTime m_shownSince;                    // when the script shown was first shown
    QLabel* m_cursorPosition = nullptr;    // in the status bar: line:column
    ImageWatcher* m_imageWatcher = new ImageWatcher(this);
    QString m_notice;  // what the last save did to the text, until the next edit
    std::set<MachineScene::AnchorKey> m_traced;
    // Set while the window moves the selection itself (QScopedValueRollback), so that the scene
    // and the editor do not echo it back.
    bool m_syncingSelection = false;
};

}  // namespace mv
