#include "ui/editor/script_highlighter.h"

#include <QTextDocument>

#include <algorithm>

#include "core/analysis/reserved_names.h"
#include "core/text/lexer.h"
#include "ui/editor/widget_positions.h"

namespace mv {

namespace {

bool hasText(const QString& gap) {
    return std::any_of(gap.begin(), gap.end(), [](QChar c) { return !c.isSpace(); });
}

}  // namespace

// QTextDocument::setPlainText() (a restored copy, a file reloaded from disk) asks for highlighting
// only of the emptied document, and puts the new text in without another request: the text is
// compared with what was lexed once the document says it changed, and highlighted again if it
// differs. Typing never gets here with a difference, since each keystroke is highlighted first.
ScriptHighlighter::ScriptHighlighter(QTextDocument* document) : QSyntaxHighlighter(document) {
    connect(document, &QTextDocument::contentsChanged, this, [this] {
        if (this->document()->toPlainText() == m_lexedText) return;
        m_lexedRevision = -1;
        rehighlight();
    });
}

QSet<QString> modelNames(const Script& script) {
    QSet<QString> names;
    for (const Thing& t : script.things) names << QString::fromStdString(t.name);
    for (const Element& e : script.elements) names << QString::fromStdString(e.name);
    for (const Interaction& i : script.interactions) names << QString::fromStdString(i.name);
    for (const Mass& m : script.masses) names << QString::fromStdString(m.name);
    if (!script.gravity.name.empty()) names << QString::fromStdString(script.gravity.name);
    return names;
}

void ScriptHighlighter::setModelNames(QSet<QString> names) {
    if (names == m_modelNames) return;
    m_modelNames = std::move(names);
    m_lexedRevision = -1;
    rehighlight();
}

void ScriptHighlighter::relex() {
    const QString text = document()->toPlainText();
    m_lexedText = text;
    const std::string utf8 = text.toStdString();
    const SourceText source("", utf8);
    Diagnostics ignored;  // the live preview reports them
    const std::vector<Token> tokens = lex(source, ignored);
    const WidgetPositions positions(utf8);
    m_spans.clear();
    int previousEnd = 0;
    for (size_t i = 0; i < tokens.size(); ++i) {
        const Token& token = tokens[i];
        const int begin = positions.toPosition(token.range.begin);
        const int end = positions.toPosition(token.range.end);
        if (begin > previousEnd && hasText(text.mid(previousEnd, begin - previousEnd)))
            m_spans.push_back({previousEnd, begin, Style::Comment});
        previousEnd = std::max(previousEnd, end);
        const bool afterDot = i > 0 && tokens[i - 1].kind == TokenKind::Dot;
        const bool afterAt = i > 0 && tokens[i - 1].kind == TokenKind::At;
        const bool afterAtPlus =
            i > 1 && tokens[i - 1].kind == TokenKind::Plus && tokens[i - 2].kind == TokenKind::At;
        switch (token.kind) {
            case TokenKind::Number:
                m_spans.push_back(
                    {begin, end, afterAt || afterAtPlus ? Style::Marker : Style::Number});
                break;
            case TokenKind::String:
                m_spans.push_back({begin, end, Style::String});
                break;
            case TokenKind::At:
                m_spans.push_back({begin, end, Style::Marker});
                break;
            case TokenKind::Plus:
                if (afterAt) m_spans.push_back({begin, end, Style::Marker});
                break;
            case TokenKind::Invalid:
                m_spans.push_back({begin, end, Style::Invalid});
                break;
            case TokenKind::DontCare:
                m_spans.push_back({begin, end, Style::Reserved});
                break;
            case TokenKind::Identifier: {
                const QString word = text.mid(begin, end - begin);
                if (afterDot)
                    m_spans.push_back({begin, end, Style::Member});
                else if (m_modelNames.contains(word))
                    m_spans.push_back({begin, end, Style::ModelName});
                else if (isReservedName(word.toStdString()))
                    m_spans.push_back({begin, end, Style::Reserved});
                break;
            }
            default:
                break;
        }
    }
    if (text.size() > previousEnd && hasText(text.mid(previousEnd)))
        m_spans.push_back({previousEnd, static_cast<int>(text.size()), Style::Comment});
    m_lexedRevision = document()->revision();
}

void ScriptHighlighter::highlightBlock(const QString& text) {
    if (m_lexedRevision != document()->revision()) relex();
    const int blockBegin = currentBlock().position();
    const int blockEnd = blockBegin + static_cast<int>(text.size());
    auto it = std::lower_bound(m_spans.begin(), m_spans.end(), blockBegin,
                               [](const Span& s, int pos) { return s.end <= pos; });
    bool endsInComment = false;
    for (; it != m_spans.end() && it->begin < blockEnd; ++it) {
        const int begin = std::max(it->begin, blockBegin);
        const int end = std::min(it->end, blockEnd);
        setFormat(begin - blockBegin, end - begin, format(it->style));
        if (it->style == Style::Comment && it->end > blockEnd) endsInComment = true;
    }
    // Distinct states for "inside a comment" make Qt re-highlight the next block when it changes.
    setCurrentBlockState(endsInComment ? 1 : 0);
}

QTextCharFormat ScriptHighlighter::format(Style style) const {
    QTextCharFormat f;
    switch (style) {
        case Style::Comment:
            f.setForeground(QColor(120, 120, 120));
            f.setFontItalic(true);
            break;
        case Style::Number:
            f.setForeground(QColor(0, 110, 140));
            break;
        case Style::String:
            f.setForeground(QColor(20, 130, 40));
            break;
        case Style::Marker:
            f.setForeground(QColor(140, 40, 160));
            f.setFontWeight(QFont::Bold);
            break;
        case Style::Reserved:
            f.setForeground(QColor(190, 90, 0));
            break;
        case Style::Member:
            f.setForeground(QColor(30, 100, 110));
            break;
        case Style::ModelName:
            f.setForeground(QColor(20, 60, 170));
            f.setFontWeight(QFont::Bold);
            break;
        case Style::Invalid:
            f.setBackground(QColor(255, 200, 200));
            break;
    }
    return f;
}

}  // namespace mv
