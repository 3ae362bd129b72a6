#pragma once
// The script editor: a QPlainTextEdit with line numbers, highlighting by the language's lexer,
// diagnostics underlined (red for errors, orange for warnings) with their message as a tooltip,
// and a soft highlight of the definition of the thing selected on the canvas. Hovering the text
// also shows what the hover describers say about the place (the value of a name, what a
// constraint carries).

#include <QPlainTextEdit>

#include <functional>
#include <memory>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/text/source_text.h"

namespace mv {

class ScriptHighlighter;

class ScriptEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit ScriptEditor(QWidget* parent = nullptr);
    ~ScriptEditor() override;

    ScriptHighlighter* highlighter() const { return m_highlighter; }

    // Diagnostics of a compile of `source` (its byte offsets are mapped to this text).
    void setDiagnostics(const SourceText& source, const std::vector<Diagnostic>& diagnostics);
    // Puts the cursor at a byte offset of `source` and shows it (a click in the diagnostics list).
    void jumpTo(const SourceText& source, SourceRange range);
    // Selects a range's text and shows it (a cause of failure in the diagnostics list).
    void selectRange(const SourceText& source, SourceRange range);
    // Marks a range (e.g. a thing's definition) with a soft background; empty clears it.
    void setMarkedRange(const SourceText* source, SourceRange range);
    void setMarkedRanges(const SourceText* source, const std::vector<SourceRange>& ranges);
    // The cursor as a byte offset into the current text.
    uint32_t cursorByteOffset() const;
    // What the tooltip says about a document position besides its diagnostics (empty: nothing);
    // several say it in the order they were added, a line each.
    void addHoverDescriber(std::function<QString(int position)> describe) {
        m_describers.push_back(std::move(describe));
    }
    // The tooltip text for a document position: the hover descriptions, then the diagnostics.
    QString toolTipAt(int position) const;

    int lineNumberAreaWidth() const;
    // How many characters of a line show at the editor's width, and the width that shows
    // `columns` of them (line numbers, margins and a vertical scroll bar included).
    int visibleColumns() const;
    int widthForColumns(int columns) const;
    void paintLineNumbers(QPaintEvent* event);

signals:
    void cursorByteOffsetChanged(uint32_t offset);

protected:
    bool event(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    struct Underline {
        int begin = 0;
        int end = 0;
        QString message;
    };
    void updateExtraSelections();
    void updateLineNumberArea(const QRect& rect, int dy);

    QWidget* m_lineNumbers;            // child widget, owned by Qt
    ScriptHighlighter* m_highlighter;  // owned by the document
    std::vector<Underline> m_underlines;
    QList<QTextEdit::ExtraSelection> m_diagnosticSelections;
    QList<QTextEdit::ExtraSelection> m_markSelections;
    std::vector<std::function<QString(int position)>> m_describers;
};

}  // namespace mv
