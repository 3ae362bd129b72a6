#include "ui/editor/editing_commands.h"

#include <QPlainTextEdit>
#include <QTextBlock>

#include <algorithm>
#include <climits>
#include <vector>

namespace mv {

namespace {

// The language's line comment (core/text/lexer.cpp); `/* */` blocks are left alone.
const QString kMarker = QStringLiteral("//");

int indentation(const QString& line) {
    int i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    return i;
}

bool isBlank(const QString& line) {
    return indentation(line) == line.size();
}

// The blocks the selection touches. A selection ending at the start of a line (whole lines
// selected with Shift+Down) does not include that line.
std::vector<QTextBlock> selectedBlocks(const QTextCursor& cursor) {
    QTextDocument* document = cursor.document();
    QTextBlock first = document->findBlock(cursor.selectionStart());
    QTextBlock last = document->findBlock(cursor.selectionEnd());
    if (cursor.hasSelection() && last != first && cursor.selectionEnd() == last.position())
        last = last.previous();
    std::vector<QTextBlock> blocks;
    for (QTextBlock b = first; b.isValid() && b.blockNumber() <= last.blockNumber(); b = b.next())
        blocks.push_back(b);
    return blocks;
}

void removeMarker(QTextCursor& edit, const QTextBlock& block) {
    const QString text = block.text();
    const int at = indentation(text);
    if (!text.mid(at).startsWith(kMarker)) return;
    const int length = kMarker.size() + (text.mid(at + kMarker.size()).startsWith(' ') ? 1 : 0);
    edit.setPosition(block.position() + at);
    edit.setPosition(block.position() + at + length, QTextCursor::KeepAnchor);
    edit.removeSelectedText();
}

}  // namespace

void toggleLineComments(QPlainTextEdit* editor) {
    const std::vector<QTextBlock> blocks = selectedBlocks(editor->textCursor());
    bool allCommented = true;
    int column = INT_MAX;
    for (const QTextBlock& block : blocks) {
        const QString text = block.text();
        if (isBlank(text)) continue;
        column = std::min(column, indentation(text));
        allCommented = allCommented && text.mid(indentation(text)).startsWith(kMarker);
    }
    if (column == INT_MAX) return;  // only blank lines
    QTextCursor edit(editor->document());
    edit.beginEditBlock();
    for (const QTextBlock& block : blocks) {
        if (isBlank(block.text())) continue;
        if (allCommented) {
            removeMarker(edit, block);
        } else {
            edit.setPosition(block.position() + column);
            edit.insertText(kMarker + ' ');
        }
    }
    edit.endEditBlock();
}

void goToLine(QPlainTextEdit* editor, int line) {
    QTextDocument* document = editor->document();
    const QTextBlock block =
        document->findBlockByNumber(std::clamp(line, 1, document->blockCount()) - 1);
    QTextCursor cursor(block);
    editor->setTextCursor(cursor);
    editor->centerCursor();
}

void newLineKeepingIndent(QPlainTextEdit* editor) {
    QTextCursor cursor = editor->textCursor();
    const QString before = cursor.block().text().left(cursor.positionInBlock());
    // A step's statements continue at the statements' column: after a marker (`@0    Rod.A = …`)
    // that is where its first statement starts, elsewhere the line's own indentation.
    QString indent = before.left(indentation(before));
    if (before.startsWith('@')) {
        const int marker = int(before.indexOf(' '));
        const int statement = marker < 0 ? -1 : marker + indentation(before.mid(marker));
        if (statement > 0 && statement < before.size()) indent = QString(statement, ' ');
    }
    cursor.insertText('\n' + indent);
    editor->setTextCursor(cursor);
}

}  // namespace mv
