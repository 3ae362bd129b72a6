#include "ui/window/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScopedValueRollback>
#include <QScreen>
#include <QShortcut>
#include <QSplitter>
#include <QStatusBar>
#include <QTextBlock>
#include <QTime>
#include <QTimer>
#include <QVBoxLayout>

#include "core/version.h"
#include "ui/canvas/canvas_drag.h"
#include "ui/canvas/canvas_view.h"
#include "ui/editor/find_bar.h"
#include "ui/editor/load_hover.h"
#include "ui/editor/name_hover.h"
#include "ui/editor/number_scrubber.h"
#include "ui/editor/script_completer.h"
#include "ui/editor/script_editor.h"
#include "ui/editor/script_highlighter.h"
#include "ui/files/samples.h"
#include "ui/panels/diagnostics_dock.h"
#include "ui/panels/diagnostics_list.h"
#include "ui/panels/diagnostics_strip.h"
#include "ui/panels/plot_panel.h"
#include "ui/panels/values_panel.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/thing_item.h"
#include "ui/timeline/timeline_panel.h"
#include "ui/window/edit_menu.h"
#include "ui/window/export_dialog.h"
#include "ui/window/file_menu.h"
#include "ui/window/help_menu.h"
#include "ui/window/presentation_window.h"
#include "ui/window/script_document.h"
#include "ui/window/solve_status.h"

namespace mv {

namespace {

// Object names are stable, unlike titles: the saved layout keys splitters and panels by them, and
// tests find the window's parts by them (tests/ui/window_under_test.h).
template <typename T>
T* named(T* object, const char* name) {
    object->setObjectName(name);
    return object;
}

}  // namespace

MainWindow::MainWindow(UserPrompts prompts, const QString& autosaveFolder, QWidget* parent)
    : QMainWindow(parent),
      m_editor(named(new ScriptEditor(this), "scriptEditor")),
      m_scene(named(new MachineScene(m_images, MachineScene::Mode::Editor, this), "machineScene")),
      m_preview(new LivePreview(m_images, this)),
      m_document(new ScriptDocument(m_editor, UserPrompts::withDialogs(std::move(prompts), this),
                                    autosaveFolder, this)) {
    auto* splitter = named(new QSplitter(Qt::Horizontal, this), "scriptAndStage");
    m_defaultLayout.scriptAndStage = splitter;
    m_defaultLayout.script = m_editor;
    splitter->addWidget(buildScriptPane());
    splitter->addWidget(buildStage());
    splitter->setStretchFactor(1, 1);
    setCentralWidget(splitter);
    buildDocks();
    buildMenus();
    m_cursorPosition = new QLabel(this);
    m_cursorPosition->setContentsMargins(0, 0, 16, 0);  // apart from the solve status
    statusBar()->addPermanentWidget(m_cursorPosition);
    m_solveStatus = new SolveStatus(this);
    statusBar()->addPermanentWidget(m_solveStatus);
    m_canvasDrag = new CanvasDrag(m_canvas, m_preview, m_timeline, m_editor, statusBar(), this);
    auto* scrubber = named(new NumberScrubber(m_editor, this), "numberScrubber");
    connect(scrubber, &NumberScrubber::changed, m_preview, &LivePreview::runNow);
    setGeometry(WindowLayout::fitted({1400, 860}, screen()->availableGeometry()));
    // The editor owns its completer.
    named(new ScriptCompleter(m_editor, [this] { return m_preview->shown().script; }),
          "scriptCompleter");
    // The value of the name under the mouse, then what the constraint written there carries.
    m_editor->addHoverDescriber([this](int position) {
        return describeNameAt(*m_editor->document(), position, m_values->values(),
                              m_preview->shown().script.get());
    });
    m_editor->addHoverDescriber([this](int position) {
        return describeLoadAt(*m_editor->document(), position, m_values->loads());
    });
    m_editor->addHoverDescriber([scrubber](int position) { return scrubber->hintAt(position); });

    connect(m_editor, &QPlainTextEdit::textChanged, this, &MainWindow::onTextChanged);
    connect(m_editor, &ScriptEditor::cursorByteOffsetChanged, this, &MainWindow::onCursorMoved);
    connect(m_editor, &QPlainTextEdit::cursorPositionChanged, this,
            &MainWindow::showCursorPosition);
    connect(m_editor->document(), &QTextDocument::modificationChanged, this,
            &MainWindow::updateTitle);
    connect(m_document, &ScriptDocument::pathChanged, this, [this] {
        updateTitle();
        sendTextToPreview();  // relative image names now read from the new folder (Save As)
    });
    connect(m_document, &ScriptDocument::notice, this, [this](const QString& message) {
        m_notice = message;
        statusBar()->showMessage(message);
    });
    connect(m_document, &ScriptDocument::loaded, this, [this] {
        sendTextToPreview();
        m_preview->runNow();
        m_fileMenu->rebuildSamplesAndRecent();
    });
    connect(m_preview, &LivePreview::diagnosticsChanged, this, &MainWindow::onDiagnostics);
    connect(m_preview, &LivePreview::animationReset, this, &MainWindow::onAnimationReset);
    connect(m_preview, &LivePreview::framesAdded, this, &MainWindow::onFramesAdded);
    connect(m_preview, &LivePreview::animationComplete, this, &MainWindow::onAnimationComplete);
    connect(m_scene, &QGraphicsScene::selectionChanged, this, &MainWindow::onSceneSelection);
    connect(m_timeline, &TimelinePanel::currentFrameChanged, this, &MainWindow::showCurrentFrame);
    connect(m_timeline, &TimelinePanel::currentFrameChanged, m_preview, &LivePreview::setPlayhead);
    const auto jumpTo = [this](SourceRange range) {
        if (m_preview->source()) m_editor->jumpTo(*m_preview->source(), range);
    };
    connect(m_diagnostics, &DiagnosticsList::jumpRequested, this, jumpTo);
    connect(m_scene, &MachineScene::failedConstraintClicked, this, jumpTo);
    connect(m_diagnostics, &DiagnosticsList::causeSelected, this, &MainWindow::showCause);
    connect(m_imageWatcher, &ImageWatcher::changed, this, &MainWindow::onImageChanged);
    updateTitle();
    showCursorPosition();
}

MainWindow::~MainWindow() {
    // The scene dies with the window's children and deselects its things as it goes: that must
    // not reach onSceneSelection, which reads what is already gone.
    disconnect(m_scene, nullptr, this, nullptr);
    // A solve still running reads m_images, a member that dies before the children: stop it first.
    delete m_preview;
    m_preview = nullptr;
}

// The script with its find bar above it: one panel for the View menu.
QWidget* MainWindow::buildScriptPane() {
    auto* pane = named(new QWidget(this), "scriptPanel");
    pane->setWindowTitle(tr("Script"));
    m_findBar = named(new FindBar(m_editor, pane), "findBar");
    auto* layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_findBar);
    layout->addWidget(m_editor, 1);
    m_layout.addPanel(pane);
    return pane;
}

QWidget* MainWindow::buildStage() {
    auto* stage = new QWidget(this);
    m_canvas = named(new CanvasView(m_scene, stage), "canvas");
    m_canvas->setTracedAnchors(&m_traced);
    m_timeline = named(new TimelinePanel(stage), "timelinePanel");
    m_timeline->setWindowTitle(tr("Timeline"));
    m_layout.addPanel(m_timeline);
    auto* layout = new QVBoxLayout(stage);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_canvas, 1);
    layout->addWidget(m_timeline);
    connect(m_canvas, &CanvasView::traceToggled, this, &MainWindow::toggleTrace);
    buildPlaybackShortcuts(stage);
    return stage;
}

// Space and the arrows type text in the editor, so they drive playback only while the canvas or
// the timeline has the focus.
void MainWindow::buildPlaybackShortcuts(QWidget* stage) {
    auto add = [&](QKeySequence key, auto slot) {
        auto* shortcut = new QShortcut(key, stage);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, m_timeline, slot);
    };
    add(Qt::Key_Space, &TimelinePanel::togglePlay);
    add(Qt::Key_Left, [this] { m_timeline->stepFrames(-1); });
    add(Qt::Key_Right, [this] { m_timeline->stepFrames(1); });
    add(Qt::Key_Home, &TimelinePanel::goToStart);
    add(Qt::Key_End, &TimelinePanel::goToEnd);
    add(Qt::Key_I, &TimelinePanel::setInPoint);
    add(Qt::Key_O, &TimelinePanel::setOutPoint);
    m_canvas->setFocusPolicy(Qt::StrongFocus);
}

void MainWindow::buildDocks() {
    m_diagnostics = named(new DiagnosticsList(this), "diagnosticsList");
    m_values = named(new ValuesPanel(this), "valuesPanel");
    m_plots = named(new PlotPanel(this), "plotPanel");
    // The object name is the key of the saved layout: stable, never the translated title.
    auto dock = [this](QWidget* widget, const char* name, const QString& title,
                       Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        addDockWidget(area, d);
        return d;
    };
    m_diagnosticsDock = new DiagnosticsDock(m_diagnostics, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_diagnosticsDock);
    QDockWidget* plots = dock(m_plots, "plotsDock", tr("Plots"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_diagnosticsDock, plots);
    m_diagnosticsDock->raise();
    QDockWidget* values = dock(m_values, "valuesDock", tr("Values"), Qt::RightDockWidgetArea);
    m_diagnosticsDock->addTabMate(plots);
    m_diagnosticsDock->addTabMate(values);  // in a narrow window
    m_defaultLayout.values = values;
    m_defaultLayout.bottom = m_diagnosticsDock;
    m_layout.captureDefault();
    connect(m_values, &ValuesPanel::traceToggled, this, &MainWindow::toggleTrace);
    connect(m_plots, &PlotPanel::frameRequested, m_timeline, &TimelinePanel::setCurrentFrame);
}

void MainWindow::resetLayout() {
    m_layout.reset();
    m_defaultLayout.apply(this);
    m_diagnosticsDock->fit();
}

void MainWindow::buildMenus() {
    m_fileMenu = new FileMenu(
        menuBar()->addMenu(tr("&File")), m_document, [this] { exportFrames(); }, this);
    fillEditMenu(menuBar()->addMenu(tr("&Edit")), m_editor, m_findBar);
    buildViewMenu();
    m_timeline->fillPlaybackMenu(menuBar()->addMenu(tr("&Playback")));
    // Examples from the reference open with the samples' images, so the pump shows its pictures.
    m_help = new HelpMenu(menuBar()->addMenu(tr("&Help")), m_editor, [this](const QString& text) {
        m_document->newScriptFrom(text, samplesFolder());
    });
}

void MainWindow::buildViewMenu() {
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Zoom to &Fit"), QKeySequence(Qt::CTRL | Qt::Key_0), m_canvas,
                    &CanvasView::zoomToFit);
    view->addAction(tr("Clear &Traces"), this, [this] {
        m_traced.clear();
        m_scene->clearTraces();
        m_values->rebuild(m_preview->shown(), m_traced);
        showCurrentFrame();
    });
    view->addAction(tr("&Diagnostics List"), QKeySequence(Qt::Key_F8), m_diagnosticsDock,
                    &DiagnosticsDock::toggleList);
    view->addSeparator();
    view->addAction(tr("&Present"), QKeySequence(Qt::Key_F5), this, &MainWindow::present);
    view->addSeparator();
    m_layout.addPanelActions(view);
    view->addSeparator();
    view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
}

bool MainWindow::restoreLayout(QSettings& settings) {
    m_layoutRestored = m_layout.restore(settings) || m_layoutRestored;
    return m_layoutRestored;
}

// Columns count code points, as the diagnostics' do, so `°` is one column and "9:22" in a
// message is Line 9, Col 22 here.
void MainWindow::showCursorPosition() {
    const QTextCursor cursor = m_editor->textCursor();
    const QString before = cursor.block().text().left(cursor.positionInBlock());
    m_cursorPosition->setText(
        tr("Line %1, Col %2").arg(cursor.blockNumber() + 1).arg(before.toUcs4().size() + 1));
}

bool MainWindow::openFile(const QString& path) {
    return m_document->open(path);
}

// Dock sizes apply once the window has its layout, which it gets as it is first shown.
void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (m_shown) return;
    m_shown = true;
    if (!m_layoutRestored) resetLayout();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_document->maybeSave()) {
        event->ignore();
        return;
    }
    m_document->autosave().discard();
    event->accept();
}

void MainWindow::updateTitle() {
    setWindowTitle(QStringLiteral("%1%2 — Movimentum")
                       .arg(m_document->displayName(), m_document->isModified() ? "*" : ""));
}

void MainWindow::onTextChanged() {
    m_notice.clear();  // it said what happened to the text before this edit
    sendTextToPreview();
}

// With the script's folder and path: its relative image names are read from that folder.
void MainWindow::sendTextToPreview() {
    m_preview->setText(m_editor->toPlainText(), m_document->folder(), m_document->path());
}

// The strip and the status bar say the count and the first message; while the text has errors
// the canvas, still showing the last version that compiled, is veiled and says so.
void MainWindow::onDiagnostics() {
    if (!m_preview->source()) return;
    m_editor->setDiagnostics(*m_preview->source(), m_preview->diagnostics());
    const PreviewAnimation& shown = m_preview->shown();
    m_diagnostics->setDiagnostics(
        *m_preview->source(), m_preview->diagnostics(), shown.script.get(),
        shown.animation ? shown.animation->causes : std::vector<ConflictCause>{});
    m_diagnosticsDock->showSummary(m_diagnostics->summary(), !m_diagnostics->isEmpty());
    const QString status = m_diagnostics->summary();
    statusBar()->showMessage(m_notice.isEmpty() ? status : m_notice + " · " + status);
    updateSolveStatus();
}

void MainWindow::onAnimationReset() {
    const PreviewAnimation& shown = m_preview->shown();
    const int selected = m_scene->selectedThing();
    const int selectedElement = m_scene->selectedElement();
    m_scene->setScript(shown.script);
    // Traces are kept by anchor; drop those whose anchor no longer exists.
    std::erase_if(m_traced, [&](const MachineScene::AnchorKey& key) {
        return key.first >= shown.script->things.size() ||
               key.second >= static_cast<int>(shown.script->things[key.first].anchors.size());
    });
    m_editor->highlighter()->setModelNames(modelNames(*shown.script));
    m_values->rebuild(shown, m_traced);
    m_timeline->showAnimation(shown);
    m_plots->showAnimation(shown);
    {
        const QScopedValueRollback syncing(m_syncingSelection, true);
        m_scene->selectThing(selected);
        if (selected < 0) m_scene->selectElement(selectedElement);
    }
    m_imageWatcher->watch(m_scene->script());
    m_shownSince = QTime::currentTime();
    updateSolveStatus();
}

void MainWindow::updateSolveStatus() {
    const PreviewAnimation& shown = m_preview->shown();
    // Shown is the text's only once its script is: until then it is the last that compiled.
    const bool stale = m_diagnostics->hasErrors() && shown.script && m_preview->source() &&
                       shown.script->source != m_preview->source();
    const QString version = stale
                                ? tr("The text has errors: showing the version that compiled at %1")
                                      .arg(m_shownSince.toString("HH:mm:ss"))
                                : QString();
    m_canvas->setStaleNotice(version);
    m_solveStatus->showState(shown,
                             stale ? tr("showing the last version without errors") : QString());
}

void MainWindow::onFramesAdded(int first, int end) {
    updateSolveStatus();
    m_timeline->showAnimation(m_preview->shown());
    const int current = m_timeline->currentFrame();
    if (current >= first && current < end) showCurrentFrame();
}

void MainWindow::onAnimationComplete() {
    updateSolveStatus();
    m_timeline->showAnimation(m_preview->shown());
    m_plots->showAnimation(m_preview->shown());
    updateTraces();
    showCurrentFrame();
}

void MainWindow::showCurrentFrame() {
    const PreviewAnimation& shown = m_preview->shown();
    const int index = m_timeline->currentFrame();
    if (const FrameSolution* frame = shown.frame(index)) m_scene->showFrame(*frame);
    m_values->showFrame(shown, index);
    m_plots->setPlayhead(index);
}

void MainWindow::toggleTrace(MachineScene::AnchorKey anchor) {
    if (!m_traced.erase(anchor)) m_traced.insert(anchor);
    m_scene->clearTraces();
    updateTraces();
    m_values->rebuild(m_preview->shown(), m_traced);
    showCurrentFrame();
}

void MainWindow::updateTraces() {
    const PreviewAnimation& shown = m_preview->shown();
    if (!shown.script) return;
    for (const auto& key : m_traced) {
        const Vec2 local = shown.script->things[key.first].anchors[key.second].local;
        std::vector<Vec2> path;
        path.reserve(shown.solved().size());
        for (const FrameSolution& frame : shown.solved())
            if (key.first < frame.poses.size()) path.push_back(frame.poses[key.first].apply(local));
        m_scene->setTrace(key, path);
    }
}

void MainWindow::onImageChanged(const QString& path) {
    m_images.forget(path);
    m_preview->runNow();  // recompiles: a missing image may exist now, and the scene is rebuilt
}

void MainWindow::onSceneSelection() {
    if (m_syncingSelection) return;
    const int thing = m_scene->selectedThing();
    const int element = m_scene->selectedElement();
    const Script* script = m_scene->script();
    if (!script || (thing < 0 && element < 0)) return m_editor->setMarkedRange(nullptr, {});
    const auto [range, name] =
        thing >= 0
            ? std::pair(script->things[thing].range, script->things[thing].nameRange)
            : std::pair(script->elements[element].range, script->elements[element].nameRange);
    const QScopedValueRollback syncing(m_syncingSelection, true);
    m_editor->setMarkedRange(script->source.get(), range);
    if (script->source) m_editor->jumpTo(*script->source, name);
    m_canvas->setFocus();
}

void MainWindow::onCursorMoved(uint32_t offset) {
    if (m_syncingSelection) return;
    const Script* script = m_scene->script();
    if (!script) return;
    // The thing or element whose definition holds the cursor: its index, or -1.
    auto definitionAt = [offset](const auto& definitions) {
        int hit = -1;
        for (size_t i = 0; i < definitions.size(); ++i) {
            const SourceRange range = definitions[i].range;
            if (offset >= range.begin && offset <= range.end) hit = static_cast<int>(i);
        }
        return hit;
    };
    const int hit = definitionAt(script->things);
    const int element = hit < 0 ? definitionAt(script->elements) : -1;
    const QScopedValueRollback syncing(m_syncingSelection, true);
    m_scene->selectThing(hit);
    if (hit < 0) m_scene->selectElement(element);
    const SourceRange marked = hit >= 0       ? script->things[hit].range
                               : element >= 0 ? script->elements[element].range
                                              : SourceRange{};
    m_editor->setMarkedRange(script->source.get(), marked);
}

// A cause of failure: its constraint selected, what it depends on marked, its first failed frame.
void MainWindow::showCause(SourceRange constraint, const std::vector<SourceRange>& support,
                           int frame) {
    const SourceText* source = m_preview->source().get();
    if (!source) return;
    {
        const QScopedValueRollback syncing(m_syncingSelection, true);
        m_editor->setMarkedRanges(source, support);
        m_editor->selectRange(*source, constraint);
    }
    if (frame >= 0) m_timeline->setCurrentFrame(frame);
}

// The canvas alone, full screen, from marker to marker; the playhead follows it.
void MainWindow::present() {
    const PreviewAnimation& shown = m_preview->shown();
    if (!shown.complete || !shown.animation || shown.animation->frames.empty()) {
        m_document->prompts().error(tr("Present"), tr("The animation is not solved yet."));
        return;
    }
    auto* window =
        new PresentationWindow(shown.animation, m_images, m_timeline->currentFrame(), this);
    window->setAttribute(Qt::WA_DeleteOnClose);
    connect(window, &PresentationWindow::frameShown, m_timeline, &TimelinePanel::setCurrentFrame);
    window->showFullScreen();
    window->activateWindow();
    window->setFocus();
}

void MainWindow::exportFrames() {
    const PreviewAnimation& shown = m_preview->shown();
    if (!shown.complete || !shown.animation) {
        m_document->prompts().error(tr("Export"), tr("The animation is not solved yet."));
        return;
    }
    ExportDialog dialog(shown.animation, m_images, m_document->path(), m_timeline->frameRange(),
                        this);
    dialog.setTraces({m_traced.begin(), m_traced.end()});
    dialog.exec();
}

}  // namespace mv
