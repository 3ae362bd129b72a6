#pragma once
// The Diagnostics dock fits what it has to say: a one-line summary while the script has no
// problem, room for the list when it has. Typing makes and mends errors at almost every
// keystroke, and a panel that jumped with each would shake the script under the cursor, so the
// height follows only once the diagnostics have settled (kSettleMs without a change), and only
// while the Diagnostics tab is the one shown. The height the user gave the list is kept for the
// next time it grows, and a tab-mate (Plots, Values) brought to the front of a dock area this
// small gets that height at once.

#include <QDockWidget>
#include <QTimer>

class QMainWindow;

namespace mv {

class DiagnosticsList;

class DiagnosticsDock : public QDockWidget {
    Q_OBJECT
public:
    static constexpr int kSettleMs = 700;

    // `list` becomes the dock's widget; `window` is the main window the dock lives in.
    DiagnosticsDock(DiagnosticsList* list, QMainWindow* window);

    // After each DiagnosticsList::setDiagnostics: fit once they have settled.
    void diagnosticsChanged();
    // The quiet that counts as settled: kSettleMs unless a test, which cannot wait on a clock,
    // chooses when the quiet is over (0 ends one under way).
    void setSettleMs(int ms) { m_settle.setInterval(ms); }
    // Changed diagnostics wait for the quiet to be over before the dock fits them.
    bool isSettling() const { return m_settle.isActive(); }
    // A dock tabbed with this one. A tab group is as tall as its tallest tab's minimum, so the
    // tab-mate gives up its minimum height; when shown it is grown instead.
    void addTabMate(QDockWidget* dock);
    // Fit now: the summary's height when there is nothing to report, else the list's (the
    // user's last, or six rows), leaving a list the user made taller as it is.
    void fit();

private:
    int chromeHeight() const;
    int listHeight() const;
    bool collapsed(const QDockWidget* dock) const;  // too low to show a list worth keeping
    void growTabMate(QDockWidget* dock);
    void resize(QDockWidget* dock, int target);

    QMainWindow* m_window;  // the parent
    DiagnosticsList* m_list;
    QTimer m_settle;
    int m_listHeight = 0;      // the list's height as the user left it (0: the default)
    bool m_showsList = false;  // fitted last to a list, not to the summary
};

}  // namespace mv
