#include "ui/editor/find_bar.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

namespace mv {

namespace {

QToolButton* button(const QString& text, const QString& tip, QWidget* parent) {
    auto* b = new QToolButton(parent);
    b->setText(text);
    b->setToolTip(tip);
    b->setAutoRaise(true);
    return b;
}

QWidget* row(QWidget* parent, std::initializer_list<QWidget*> widgets) {
    auto* r = new QWidget(parent);
    auto* layout = new QHBoxLayout(r);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    for (QWidget* w : widgets) layout->addWidget(w, qobject_cast<QLineEdit*>(w) ? 1 : 0);
    return r;
}

}  // namespace

FindBar::FindBar(QPlainTextEdit* editor, QWidget* parent)
    : QWidget(parent),
      m_editor(editor),
      m_find(new QLineEdit(this)),
      m_replace(new QLineEdit(this)),
      m_matchCase(new QCheckBox(tr("Match case"), this)),
      m_wholeWord(new QCheckBox(tr("Whole word"), this)),
      m_status(new QLabel(this)) {
    m_find->setPlaceholderText(tr("Find"));
    m_find->setClearButtonEnabled(true);
    m_replace->setPlaceholderText(tr("Replace with"));
    QToolButton* previous = button(tr("↑"), tr("Previous match (Shift+Enter)"), this);
    QToolButton* next = button(tr("↓"), tr("Next match (Enter)"), this);
    QToolButton* closeButton = button(tr("✕"), tr("Close (Esc)"), this);
    QToolButton* replaceOne = button(tr("Replace"), tr("Replace this match, find the next"), this);
    QToolButton* replaceEvery = button(tr("All"), tr("Replace every match"), this);
    m_replaceRow = row(this, {m_replace, replaceOne, replaceEvery});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(3);
    layout->addWidget(row(this, {m_find, previous, next, closeButton}));
    layout->addWidget(m_replaceRow);
    layout->addWidget(row(this, {m_matchCase, m_wholeWord, m_status}));
    m_status->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);

    connect(previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(closeButton, &QToolButton::clicked, this, &FindBar::dismiss);
    connect(replaceOne, &QToolButton::clicked, this, &FindBar::replaceCurrent);
    connect(replaceEvery, &QToolButton::clicked, this, &FindBar::replaceAll);
    // Find as you type: the match may grow from where the last one started.
    connect(m_find, &QLineEdit::textEdited, this,
            [this] { find(false, m_editor->textCursor().selectionStart()); });
    connect(m_matchCase, &QCheckBox::toggled, this, [this] { m_status->clear(); });
    connect(m_wholeWord, &QCheckBox::toggled, this, [this] { m_status->clear(); });
    m_find->installEventFilter(this);
    m_replace->installEventFilter(this);
    hide();
}

void FindBar::openFind() {
    open(false);
}

void FindBar::openReplace() {
    open(true);
}

void FindBar::open(bool withReplace) {
    const QString selected = m_editor->textCursor().selectedText();
    // A selection over several lines is a range to look at, not a text to look for.
    if (!selected.isEmpty() && !selected.contains(QChar::ParagraphSeparator))
        m_find->setText(selected);
    m_replaceRow->setVisible(withReplace);
    m_status->clear();
    show();
    m_find->setFocus();
    m_find->selectAll();
}

void FindBar::dismiss() {
    hide();
    m_editor->setFocus();
}

QTextDocument::FindFlags FindBar::flags(bool backwards) const {
    QTextDocument::FindFlags f;
    if (m_matchCase->isChecked()) f |= QTextDocument::FindCaseSensitively;
    if (m_wholeWord->isChecked()) f |= QTextDocument::FindWholeWords;
    if (backwards) f |= QTextDocument::FindBackward;
    return f;
}

bool FindBar::findNext() {
    return find(false, m_editor->textCursor().selectionEnd());
}

bool FindBar::findPrevious() {
    return find(true, m_editor->textCursor().selectionStart());
}

bool FindBar::find(bool backwards, int from) {
    const QString text = m_find->text();
    if (text.isEmpty()) {
        showResult(true);
        return false;
    }
    QTextDocument* document = m_editor->document();
    QTextCursor match = document->find(text, from, flags(backwards));
    bool wrapped = false;
    if (match.isNull()) {
        wrapped = true;
        const int restart = backwards ? document->characterCount() - 1 : 0;
        match = document->find(text, restart, flags(backwards));
    }
    if (match.isNull()) {
        showResult(false, tr("not found"));
        return false;
    }
    m_editor->setTextCursor(match);
    m_editor->centerCursor();
    showResult(true, wrapped ? tr("wrapped around") : QString());
    return true;
}

bool FindBar::selectionIsMatch() const {
    const QTextCursor selection = m_editor->textCursor();
    if (!selection.hasSelection() || m_find->text().isEmpty()) return false;
    const QTextCursor match =
        m_editor->document()->find(m_find->text(), selection.selectionStart(), flags());
    return !match.isNull() && match.selectionStart() == selection.selectionStart() &&
           match.selectionEnd() == selection.selectionEnd();
}

bool FindBar::replaceCurrent() {
    if (selectionIsMatch()) {
        QTextCursor cursor = m_editor->textCursor();
        cursor.insertText(m_replace->text());
        m_editor->setTextCursor(cursor);  // after the replacement: the next match is looked for
    }
    return findNext();
}

int FindBar::replaceAll() {
    const QString text = m_find->text();
    if (text.isEmpty()) return 0;
    QTextDocument* document = m_editor->document();
    QTextCursor edit(document);
    edit.beginEditBlock();  // one undo step for all of them
    int count = 0;
    for (QTextCursor match = document->find(text, 0, flags()); !match.isNull();
         match = document->find(text, match.position(), flags())) {
        match.insertText(m_replace->text());
        ++count;
    }
    edit.endEditBlock();
    showResult(count > 0, count ? tr("%n replaced", nullptr, count) : tr("not found"));
    return count;
}

void FindBar::showResult(bool found, const QString& message) {
    m_status->setText(message);
    m_find->setStyleSheet(found ? QString() : QStringLiteral("background: #ffd8d8"));
}

QString FindBar::status() const {
    return m_status->text();
}

bool FindBar::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress) return QWidget::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    if (key->key() == Qt::Key_Escape) {
        dismiss();
        return true;
    }
    if (key->key() != Qt::Key_Return && key->key() != Qt::Key_Enter) return false;
    const bool shift = key->modifiers() & Qt::ShiftModifier;
    if (watched == m_replace)
        replaceCurrent();
    else if (shift)
        findPrevious();
    else
        findNext();
    return true;
}

}  // namespace mv
