#pragma once
// Completion while typing in the script (QCompleter): typing `Crank.` offers Crank's anchors,
// typing two letters of a name offers the names that fit (completionCandidates() decides what),
// Ctrl+Space offers them at once. Up and Down choose, Enter or Tab inserts, Esc closes, and any
// other key goes on typing. The popup is driven by key presses, never by text changes, so edits
// made by the program (a paste, a replace, a drag writing numbers) do not open it.

#include <QObject>

#include <functional>
#include <memory>

class QCompleter;
class QPlainTextEdit;
class QStringListModel;

namespace mv {

struct Script;

class ScriptCompleter : public QObject {
    Q_OBJECT
public:
    // The last script that compiled; may be null.
    using ScriptSource = std::function<std::shared_ptr<const Script>()>;
    // `editor` is borrowed and must outlive the completer.
    ScriptCompleter(QPlainTextEdit* editor, ScriptSource script);

    // Opens (or updates) the popup for the cursor; `asked`: Ctrl+Space, offer even with nothing
    // typed. Returns whether the popup shows.
    bool complete(bool asked);
    QCompleter* completer() const { return m_completer; }
    bool isPopupVisible() const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool onPopupKey(int key);
    void insert(const QString& name);
    void hidePopup();

    QPlainTextEdit* m_editor;  // borrowed
    ScriptSource m_script;
    QCompleter* m_completer;
    QStringListModel* m_model;
};

}  // namespace mv
