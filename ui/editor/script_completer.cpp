#include "ui/editor/script_completer.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QKeyEvent>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QStringListModel>
#include <QTextBlock>

#include "core/editing/completion_candidates.h"
#include "core/model/script.h"

namespace mv {

namespace {

constexpr int kTypedBeforeOffering = 2;  // letters of a name before the popup opens by itself

bool isNameKey(const QString& text) {
    return text.size() == 1 && (text[0].isLetterOrNumber() || text[0] == '_' || text[0] == '.');
}

bool isNavigationKey(int key) {
    return key == Qt::Key_Up || key == Qt::Key_Down || key == Qt::Key_PageUp ||
           key == Qt::Key_PageDown;
}

}  // namespace

ScriptCompleter::ScriptCompleter(QPlainTextEdit* editor, ScriptSource script)
    : QObject(editor),
      m_editor(editor),
      m_script(std::move(script)),
      m_completer(new QCompleter(this)),
      m_model(new QStringListModel(this)) {
    m_completer->setModel(m_model);
    m_completer->setWidget(editor);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setModelSorting(QCompleter::CaseInsensitivelySortedModel);
    m_completer->setMaxVisibleItems(12);
    connect(m_completer, qOverload<const QString&>(&QCompleter::activated), this,
            &ScriptCompleter::insert);
    // Installed after the completer's own filter on its popup, so this one sees the keys first.
    m_completer->popup()->installEventFilter(this);
    editor->installEventFilter(this);
}

bool ScriptCompleter::isPopupVisible() const {
    return m_completer->popup()->isVisible();
}

void ScriptCompleter::hidePopup() {
    m_completer->popup()->hide();
}

bool ScriptCompleter::complete(bool asked) {
    const QTextCursor cursor = m_editor->textCursor();
    const QString before = cursor.block().text().left(cursor.positionInBlock());
    const std::shared_ptr<const Script> script = m_script();
    const CompletionCandidates candidates =
        completionCandidates(script.get(), before.toStdString());
    const QString prefix = QString::fromStdString(candidates.prefix);
    const bool wanted = asked || candidates.isMember || prefix.size() >= kTypedBeforeOffering;
    if (!wanted || candidates.candidates.empty() || cursor.hasSelection()) {
        hidePopup();
        return false;
    }
    QStringList names;
    for (const std::string& name : candidates.names()) names << QString::fromStdString(name);
    m_model->setStringList(names);
    m_completer->setCompletionPrefix(prefix);
    QAbstractItemView* popup = m_completer->popup();
    const int count = m_completer->completionCount();
    // Nothing fits, or the one that fits is typed out already.
    if (count == 0 || (count == 1 && m_completer->currentCompletion() == prefix)) {
        hidePopup();
        return false;
    }
    // The cursor rectangle is the viewport's; the completer places the popup in the editor's.
    QRect rect = m_editor->cursorRect(cursor).translated(m_editor->viewport()->pos());
    rect.setWidth(popup->sizeHintForColumn(0) + popup->verticalScrollBar()->sizeHint().width());
    m_completer->complete(rect);
    popup->setCurrentIndex(m_completer->completionModel()->index(0, 0));
    return true;
}

void ScriptCompleter::insert(const QString& name) {
    QTextCursor cursor = m_editor->textCursor();
    const QString prefix = m_completer->completionPrefix();
    // The typed part is replaced, so a case-insensitive match gets the name's own spelling.
    cursor.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, int(prefix.size()));
    // An edit block of its own: undo takes back the inserted name, not the typing before it.
    cursor.beginEditBlock();
    cursor.insertText(name);
    cursor.endEditBlock();
    m_editor->setTextCursor(cursor);
    hidePopup();
}

// Keys the popup handles itself; true when the key was used.
bool ScriptCompleter::onPopupKey(int key) {
    switch (key) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
        case Qt::Key_Tab: {
            const QModelIndex current = m_completer->popup()->currentIndex();
            if (current.isValid()) insert(current.data().toString());
            hidePopup();
            return true;
        }
        case Qt::Key_Escape:
            hidePopup();
            return true;
        default:
            return false;
    }
}

bool ScriptCompleter::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress) return false;
    auto* key = static_cast<QKeyEvent*>(event);
    QAbstractItemView* popup = m_completer->popup();
    if (isPopupVisible()) {
        if (onPopupKey(key->key())) return true;
        if (isNavigationKey(key->key())) {
            if (watched == popup) return false;  // the popup moves its selection
            static_cast<QObject*>(popup)->event(key);
            return true;
        }
    }
    if (key->key() == Qt::Key_Space && (key->modifiers() & Qt::ControlModifier)) {
        complete(true);
        return true;
    }
    // The editor types the key first (called directly, as QCompleter does), then the popup
    // follows what was typed. A key the editor does not use goes on to its parents.
    static_cast<QObject*>(m_editor)->event(key);
    const bool typedName = isNameKey(key->text());
    if (typedName || (key->key() == Qt::Key_Backspace && isPopupVisible()))
        complete(false);
    else
        hidePopup();
    return key->isAccepted();
}

}  // namespace mv
