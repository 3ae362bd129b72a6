#include "ui/window/edit_menu.h"

#include <QInputDialog>
#include <QMenu>
#include <QPlainTextEdit>
#include <QTextBlock>

#include "ui/editor/editing_commands.h"
#include "ui/editor/find_bar.h"

namespace mv {

namespace {

void askForLine(QPlainTextEdit* editor) {
    bool ok = false;
    const int lines = editor->document()->blockCount();
    const int line = QInputDialog::getInt(editor->window(), QObject::tr("Go to Line"),
                                          QObject::tr("Line (1 to %1):").arg(lines),
                                          editor->textCursor().blockNumber() + 1, 1, lines, 1, &ok);
    if (ok) goToLine(editor, line);
}

void addClipboardActions(QMenu* menu, QPlainTextEdit* editor) {
    QAction* undo =
        menu->addAction(QObject::tr("&Undo"), QKeySequence::Undo, editor, &QPlainTextEdit::undo);
    QAction* redo =
        menu->addAction(QObject::tr("&Redo"), QKeySequence::Redo, editor, &QPlainTextEdit::redo);
    menu->addSeparator();
    QAction* cut =
        menu->addAction(QObject::tr("Cu&t"), QKeySequence::Cut, editor, &QPlainTextEdit::cut);
    QAction* copy =
        menu->addAction(QObject::tr("&Copy"), QKeySequence::Copy, editor, &QPlainTextEdit::copy);
    menu->addAction(QObject::tr("&Paste"), QKeySequence::Paste, editor, &QPlainTextEdit::paste);
    menu->addAction(QObject::tr("Select &All"), QKeySequence::SelectAll, editor,
                    &QPlainTextEdit::selectAll);
    undo->setEnabled(editor->document()->isUndoAvailable());
    redo->setEnabled(editor->document()->isRedoAvailable());
    cut->setEnabled(editor->textCursor().hasSelection());
    copy->setEnabled(editor->textCursor().hasSelection());
    QObject::connect(editor, &QPlainTextEdit::undoAvailable, undo, &QAction::setEnabled);
    QObject::connect(editor, &QPlainTextEdit::redoAvailable, redo, &QAction::setEnabled);
    QObject::connect(editor, &QPlainTextEdit::copyAvailable, cut, &QAction::setEnabled);
    QObject::connect(editor, &QPlainTextEdit::copyAvailable, copy, &QAction::setEnabled);
}

void addFindActions(QMenu* menu, FindBar* findBar) {
    menu->addAction(QObject::tr("&Find…"), QKeySequence::Find, findBar, &FindBar::openFind);
    menu->addAction(QObject::tr("Find &Next"), QKeySequence(Qt::Key_F3), findBar,
                    &FindBar::findNext);
    menu->addAction(QObject::tr("Find Pre&vious"), QKeySequence(Qt::SHIFT | Qt::Key_F3), findBar,
                    &FindBar::findPrevious);
    menu->addAction(QObject::tr("R&eplace…"), QKeySequence(Qt::CTRL | Qt::Key_H), findBar,
                    &FindBar::openReplace);
}

}  // namespace

void fillEditMenu(QMenu* menu, QPlainTextEdit* editor, FindBar* findBar) {
    addClipboardActions(menu, editor);
    menu->addSeparator();
    addFindActions(menu, findBar);
    menu->addAction(QObject::tr("&Go to Line…"), QKeySequence(Qt::CTRL | Qt::Key_G), editor,
                    [editor] { askForLine(editor); });
    menu->addSeparator();
    menu->addAction(QObject::tr("Toggle &Comment"), QKeySequence(Qt::CTRL | Qt::Key_Slash), editor,
                    [editor] { toggleLineComments(editor); });
    QAction* wrap = menu->addAction(QObject::tr("&Word Wrap"));
    wrap->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Z));
    wrap->setCheckable(true);
    wrap->setChecked(editor->lineWrapMode() != QPlainTextEdit::NoWrap);
    QObject::connect(wrap, &QAction::toggled, editor, [editor](bool on) {
        editor->setLineWrapMode(on ? QPlainTextEdit::WidgetWidth : QPlainTextEdit::NoWrap);
    });
}

}  // namespace mv
