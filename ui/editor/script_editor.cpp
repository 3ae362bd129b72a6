#include "ui/editor/script_editor.h"

#include <QFontDatabase>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolTip>

#include <cmath>
#include <cstdlib>

#include "ui/editor/editing_commands.h"
#include "ui/editor/script_highlighter.h"
#include "ui/editor/widget_positions.h"

namespace mv {

namespace {

// The gutter left of the text; it only forwards painting to the editor.
class LineNumberArea : public QWidget {
public:
    explicit LineNumberArea(ScriptEditor* editor) : QWidget(editor), m_editor(editor) {}
    QSize sizeHint() const override { return {m_editor->lineNumberAreaWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_editor->paintLineNumbers(event); }

private:
    ScriptEditor* m_editor;  // the parent
};

QTextEdit::ExtraSelection selectionFor(QTextDocument* document, int begin, int end,
                                       QTextCharFormat format) {
    QTextEdit::ExtraSelection selection;
    selection.cursor = QTextCursor(document);
    const int last = document->characterCount() - 1;
    selection.cursor.setPosition(std::clamp(begin, 0, last));
    selection.cursor.setPosition(std::clamp(end, 0, last), QTextCursor::KeepAnchor);
    selection.format = format;
    return selection;
}

}  // namespace

ScriptEditor::ScriptEditor(QWidget* parent)
    : QPlainTextEdit(parent),
      m_lineNumbers(new LineNumberArea(this)),
      m_highlighter(new ScriptHighlighter(document())) {
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // A line longer than the pane wraps at its edge rather than scrolling the pane sideways,
    // which hides the start of every other line (Edit ▸ Word Wrap turns it off).
    setLineWrapMode(WidgetWidth);
    setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    setTabStopDistance(fontMetrics().horizontalAdvance(' ') * 4);
    connect(this, &QPlainTextEdit::blockCountChanged, this,
            [this] { setViewportMargins(lineNumberAreaWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, &ScriptEditor::updateLineNumberArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this,
            [this] { emit cursorByteOffsetChanged(cursorByteOffset()); });
    setViewportMargins(lineNumberAreaWidth(), 0, 0, 0);
}

ScriptEditor::~ScriptEditor() = default;

int ScriptEditor::lineNumberAreaWidth() const {
    const int digits = QString::number(std::max(1, blockCount())).size();
    return 12 + fontMetrics().horizontalAdvance('9') * std::max(digits, 2);
}

int ScriptEditor::visibleColumns() const {
    const double margins = 2 * document()->documentMargin();
    return int((viewport()->width() - margins) / fontMetrics().horizontalAdvance('0'));
}

int ScriptEditor::widthForColumns(int columns) const {
    const double text = columns * fontMetrics().horizontalAdvance('0') +
                        2 * document()->documentMargin() + cursorWidth();
    return int(std::ceil(text)) + lineNumberAreaWidth() + 2 * frameWidth() +
           verticalScrollBar()->sizeHint().width();
}

void ScriptEditor::updateLineNumberArea(const QRect& rect, int dy) {
    if (dy)
        m_lineNumbers->scroll(0, dy);
    else
        m_lineNumbers->update(0, rect.y(), m_lineNumbers->width(), rect.height());
}

void ScriptEditor::resizeEvent(QResizeEvent* event) {
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    m_lineNumbers->setGeometry(QRect(r.left(), r.top(), lineNumberAreaWidth(), r.height()));
}

void ScriptEditor::paintLineNumbers(QPaintEvent* event) {
    QPainter painter(m_lineNumbers);
    painter.fillRect(event->rect(), QColor(243, 243, 243));
    painter.setPen(QColor(150, 150, 150));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    const int width = m_lineNumbers->width() - 6;
    while (block.isValid() && top <= event->rect().bottom()) {
        const int height = qRound(blockBoundingRect(block).height());
        if (block.isVisible() && top + height >= event->rect().top())
            painter.drawText(0, top, width, fontMetrics().height(), Qt::AlignRight,
                             QString::number(block.blockNumber() + 1));
        block = block.next();
        top += height;
    }
}

void ScriptEditor::setDiagnostics(const SourceText& source,
                                  const std::vector<Diagnostic>& diagnostics) {
    const WidgetPositions positions(source.text());
    m_underlines.clear();
    m_diagnosticSelections.clear();
    for (const Diagnostic& d : diagnostics) {
        int begin = positions.toPosition(d.range.begin);
        int end = positions.toPosition(d.range.end);
        if (end <= begin) end = begin + 1;  // a position: underline one character
        QTextCharFormat format;
        format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        format.setUnderlineColor(d.severity == Severity::Error ? QColor(220, 30, 30)
                                                               : QColor(230, 140, 0));
        m_diagnosticSelections << selectionFor(document(), begin, end, format);
        m_underlines.push_back({begin, end,
                                QString::fromUtf8(severityName(d.severity)) + ": " +
                                    QString::fromStdString(d.message)});
    }
    updateExtraSelections();
}

void ScriptEditor::jumpTo(const SourceText& source, SourceRange range) {
    const WidgetPositions positions(source.text());
    QTextCursor cursor(document());
    cursor.setPosition(
        std::min(positions.toPosition(range.begin), document()->characterCount() - 1));
    setTextCursor(cursor);
    centerCursor();
    setFocus();
}

void ScriptEditor::selectRange(const SourceText& source, SourceRange range) {
    const WidgetPositions positions(source.text());
    const int last = document()->characterCount() - 1;
    QTextCursor cursor(document());
    cursor.setPosition(std::min(positions.toPosition(range.begin), last));
    cursor.setPosition(std::min(positions.toPosition(range.end), last), QTextCursor::KeepAnchor);
    setTextCursor(cursor);
    centerCursor();
    setFocus();
}

void ScriptEditor::setMarkedRange(const SourceText* source, SourceRange range) {
    setMarkedRanges(source, {range});
}

void ScriptEditor::setMarkedRanges(const SourceText* source,
                                   const std::vector<SourceRange>& ranges) {
    m_markSelections.clear();
    if (source) {
        const WidgetPositions positions(source->text());
        QTextCharFormat format;
        format.setBackground(QColor(220, 235, 255));
        for (const SourceRange& range : ranges)
            if (range.length() > 0)
                m_markSelections << selectionFor(document(), positions.toPosition(range.begin),
                                                 positions.toPosition(range.end), format);
    }
    updateExtraSelections();
}

uint32_t ScriptEditor::cursorByteOffset() const {
    // Only the text before the cursor needs converting.
    const QString before = toPlainText().left(textCursor().position());
    return static_cast<uint32_t>(before.toUtf8().size());
}

void ScriptEditor::updateExtraSelections() {
    setExtraSelections(m_markSelections + m_diagnosticSelections);
}

QString ScriptEditor::toolTipAt(int position) const {
    if (position < 0) return {};
    QStringList messages;
    for (const auto& describe : m_describers) messages << describe(position);
    for (const Underline& u : m_underlines)
        if (position >= u.begin && position <= u.end) messages << u.message;
    messages.removeAll(QString());
    return messages.join('\n');
}

bool ScriptEditor::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QPlainTextEdit::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const QPoint inViewport = viewport()->mapFromGlobal(help->globalPos());
    const QTextCursor cursor = cursorForPosition(inViewport);
    // Past the end of a line the nearest position is the line's end: nothing is under the mouse.
    const bool onText =
        std::abs(cursorRect(cursor).x() - inViewport.x()) <= fontMetrics().averageCharWidth();
    const QString text = toolTipAt(onText ? cursor.position() : -1);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, this);
    return true;
}

// Enter keeps the line's indentation; Shift+Enter and the rest are QPlainTextEdit's.
void ScriptEditor::keyPressEvent(QKeyEvent* event) {
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (!enter || event->modifiers() != Qt::NoModifier || isReadOnly())
        return QPlainTextEdit::keyPressEvent(event);
    newLineKeepingIndent(this);
    ensureCursorVisible();
}

}  // namespace mv
