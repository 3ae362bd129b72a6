#pragma once
// The Diagnostics dock holds still. It is a one-line strip (diagnostics_strip.h) with the count
// and the first message, whatever the script says: typing makes and mends errors at almost every
// keystroke, and a panel that grew with each pushed the canvas and the timeline up and down under
// the user's eyes. The list of every diagnostic opens below the strip only when the user asks (a
// click on the strip, F8) and closes the same way; the height the user gave the open list is
// kept for the next time. A tab-mate (Plots, Values) brought to the front of a dock area this
// small gets that height at once: that too is the user's click.

#include <QDockWidget>

class QMainWindow;

namespace mv {

class DiagnosticsList;
class DiagnosticsStrip;

class DiagnosticsDock : public QDockWidget {
    Q_OBJECT
public:
    // `list` goes below the strip in the dock; `window` is the main window the dock lives in.
    DiagnosticsDock(DiagnosticsList* list, QMainWindow* window);

    DiagnosticsStrip* strip() const { return m_strip; }
    // The strip's text: the count and the first message (DiagnosticsList::summary()).
    void showSummary(const QString& text, bool problems);

    bool isListOpen() const { return m_open; }
    void setListOpen(bool open);
    void toggleList() { setListOpen(!m_open); }

    // A dock tabbed with this one. A tab group is as tall as its tallest tab's minimum, so the
    // tab-mate gives up its minimum height; when shown it is grown instead.
    void addTabMate(QDockWidget* dock);
    // Sizes the dock for what the user chose: the strip alone, or the open list.
    void fit();

private:
    int chromeHeight() const;
    int stripHeight() const;
    int listHeight() const;
    bool collapsed(const QDockWidget* dock) const;  // too low to show a list worth keeping
    void growTabMate(QDockWidget* dock);
    void resize(QDockWidget* dock, int target);

    QMainWindow* m_window;  // the parent
    DiagnosticsList* m_list;
    DiagnosticsStrip* m_strip;
    int m_listHeight = 0;  // the dock's height as the user left the open list (0: the default)
    bool m_open = false;
};

}  // namespace mv
