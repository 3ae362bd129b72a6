#pragma once
// Commands of the Edit menu that QPlainTextEdit does not have itself: toggling `//` comments over
// the selected lines, going to a line and a new line that keeps the indentation. Each edit is one
// undo step.

#include <QString>

class QPlainTextEdit;

namespace mv {

// Comments out the lines the selection touches (or the cursor's line) with `// ` at their common
// indentation, or, when every non-blank one is a `//` comment already, removes those markers.
void toggleLineComments(QPlainTextEdit* editor);

// Enter: a new line that starts with the indentation of the line the cursor was on (one undo
// step, replacing a selection as typing does).
void newLineKeepingIndent(QPlainTextEdit* editor);

// Puts the cursor at the start of a line (1-based, clamped to the text) and centres it.
void goToLine(QPlainTextEdit* editor, int line);

}  // namespace mv
