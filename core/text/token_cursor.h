#pragma once
// The parser's position in the token list and its error discipline, after clox (Crafting
// Interpreters, ch. 6 and 17): the first error of a statement sets the panic flag and is reported;
// later errors are suppressed until synchronize() has skipped to the next `;` or `@`. Parsing rules
// stop their loops while panicking, so they return promptly and the statement ends in one report.
// Shared by the statement parser (parser.cpp) and the expression parser.

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/text/source_text.h"
#include "core/text/token.h"

namespace mv {

class TokenCursor {
public:
    // `tokens` must end with EndOfFile (lex() guarantees it); both are borrowed for the parse.
    TokenCursor(const SourceText& source, const std::vector<Token>& tokens,
                Diagnostics& diagnostics);

    const Token& current() const { return m_tokens[m_index]; }
    const Token& peek(size_t ahead) const;
    const Token& previous() const { return m_tokens[m_index == 0 ? 0 : m_index - 1]; }
    // The empty range just after the previous token: where a missing `;` belongs.
    SourceRange endOfPrevious() const { return {previous().range.end, previous().range.end}; }
    bool check(TokenKind kind) const { return current().kind == kind; }
    bool atEnd() const { return check(TokenKind::EndOfFile); }
    const Token& advance();  // stays on EndOfFile
    bool match(TokenKind kind);
    // Consumes a `kind` token, or reports `message` at the current token.
    bool expect(TokenKind kind, DiagnosticMessage message);

    size_t index() const { return m_index; }
    // From the token at `firstIndex` to the last consumed one; just the first when none was.
    SourceRange rangeSince(size_t firstIndex) const;

    std::string_view text(const Token& token) const { return m_source.slice(token.range); }
    bool isWord(const Token& token, std::string_view word) const;
    // The text between a string token's quotes (an unterminated one has only the opening quote).
    std::string stringContent(const Token& token) const;

    // Reports the first error of a statement at `token` and enters panic mode.
    void errorAt(const Token& token, DiagnosticMessage message);
    // Reports an error that leaves the parse on track (no panic), e.g. an unknown kind word.
    void report(SourceRange range, DiagnosticMessage message);
    bool panicking() const { return m_panic; }
    // True when the lexer already reported why `unexpected` is there.
    bool lexerReported(const Token& unexpected) const;
    // Skips to just after the next `;`, or to the next `@` or the end, and leaves panic mode.
    void synchronize();
    // The `;` that ends a statement: consumed, or reported with `message`; then back in step.
    void endStatement(DiagnosticMessage message);

private:
    const SourceText& m_source;
    const std::vector<Token>& m_tokens;
    Diagnostics& m_diagnostics;
    size_t m_index = 0;
    bool m_panic = false;
};

}  // namespace mv
