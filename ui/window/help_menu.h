#pragma once
// The Help menu: the language reference (F1 opens it at the name under the script's cursor) and
// the About box with the program's version. The reference window is made on first use; its
// examples are handed to `openExample`, which opens them as new untitled scripts.

#include <QObject>

#include <functional>

class QMenu;
class QPlainTextEdit;

namespace mv {

class HelpWindow;

class HelpMenu : public QObject {
    Q_OBJECT
public:
    using OpenExample = std::function<void(const QString& script)>;
    // `editor` is borrowed; the reference window is a child of the editor's window.
    HelpMenu(QMenu* menu, QPlainTextEdit* editor, OpenExample openExample);

    // Shows the reference at `word` (the top when empty); F1 passes the name at the cursor.
    HelpWindow* showReference(const QString& word);
    HelpWindow* window() const { return m_window; }  // null until first shown
    static QString aboutText();

private:
    void showAbout();

    QPlainTextEdit* m_editor;  // borrowed
    OpenExample m_openExample;
    HelpWindow* m_window = nullptr;  // owned by the editor's window
};

}  // namespace mv
