#pragma once
// The Edit menu of the script: undo and redo, the clipboard, select all, find and replace, go to
// line, toggle comment and word wrap. The actions act on the script editor wherever the focus is,
// so Ctrl+Z undoes an edit of the text even while the canvas has the focus; while the text has the
// focus, its own keys for the clipboard and undo come first (QPlainTextEdit overrides them).

class QMenu;
class QPlainTextEdit;

namespace mv {

class FindBar;

// `editor` and `findBar` are borrowed and must outlive the menu.
void fillEditMenu(QMenu* menu, QPlainTextEdit* editor, FindBar* findBar);

}  // namespace mv
