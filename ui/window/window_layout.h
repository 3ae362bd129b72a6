#pragma once
// The layout of the main window: which panels show, where the docks are and how big everything
// is. The View menu shows and hides every panel (the docks and the panels outside them, the script
// and the timeline); the layout is kept in QSettings between sessions (QMainWindow::saveState by
// the docks' object names, which are stable, never their translated titles; the splitters' states;
// the window geometry).
//
// Dock sizes are only restored exactly once the window has its final size: Qt fits a state
// restored before that into whatever size the window has when it is first laid out. So the state
// is restored at once (the first paint is close) and again just after the window is shown.
//
// A window must fit the screen it opens on: the first one is fitted to the screen's available
// geometry (logical pixels, so at any scale factor), and a restored geometry is moved onto a
// screen that exists and shrunk to it, since the screen it was saved on may be gone.

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QRect>
#include <QString>

#include <vector>

class QAction;
class QMainWindow;
class QMenu;
class QSettings;
class QWidget;

namespace mv {

class WindowLayout : public QObject {
public:
    // `window` is borrowed and must outlive this object.
    explicit WindowLayout(QMainWindow* window);

    // A panel outside the docks that the View menu shows and hides. It needs an object name (the
    // settings key) and a window title (the menu's text).
    void addPanel(QWidget* panel);
    // The show/hide actions of the added panels, then of the docks by title.
    void addPanelActions(QMenu* view) const;

    void save(QSettings& settings) const;
    bool restore(QSettings& settings);  // false when the settings hold no layout
    // The docks' places as built, before any restore, and back to them with every panel shown
    // (View > Reset Layout; the sizes are the caller's, as on a first start).
    void captureDefault();
    void reset();

    // The first window: `wanted` or less, centred in `available` with a margin.
    static QRect fitted(QSize wanted, QRect available);
    // `geometry` moved onto the screen it overlaps most (the first when none) and shrunk to fit.
    static QRect clamped(QRect geometry, const QList<QRect>& available);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void restoreDocksAndSplitters();

    QMainWindow* m_window;  // borrowed
    std::vector<std::pair<QWidget*, QAction*>> m_panels;
    QByteArray m_state;                                       // the restored dock state
    QByteArray m_default;                                     // the dock state as built
    std::vector<std::pair<QString, QByteArray>> m_splitters;  // object name, restored state
};

}  // namespace mv
