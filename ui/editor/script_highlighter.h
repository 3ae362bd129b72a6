#pragma once
// Syntax highlighting driven by the language's own lexer (core/text/lexer.h), so the colours can
// never disagree with what the parser sees. The whole document is lexed once per revision and each
// block takes its tokens from that list; comments are what lies between tokens (the lexer skips
// them). A block that ends inside a /* comment gets a different state, which makes Qt highlight
// the following blocks again when a comment opens or closes.

#include <QSet>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <vector>

#include "core/model/script.h"

namespace mv {

class ScriptHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    explicit ScriptHighlighter(QTextDocument* document);

    // Names of things, elements and interactions of the last good script, shown in their colour.
    void setModelNames(QSet<QString> names);

protected:
    void highlightBlock(const QString& text) override;

private:
    enum class Style { Comment, Number, String, Marker, Reserved, Member, ModelName, Invalid };
    struct Span {
        int begin = 0;  // document positions (UTF-16), half-open
        int end = 0;
        Style style = Style::Comment;
    };
    void relex();
    QTextCharFormat format(Style style) const;

    int m_lexedRevision = -1;
    QString m_lexedText;        // what m_spans were lexed from
    std::vector<Span> m_spans;  // sorted by begin, not overlapping
    QSet<QString> m_modelNames;
};

// The names a script defines, which the highlighter colours: things, elements, interactions,
// masses and the gravity.
QSet<QString> modelNames(const Script& script);

}  // namespace mv
