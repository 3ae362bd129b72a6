#include "core/text/token_cursor.h"

#include <algorithm>

namespace mv {

TokenCursor::TokenCursor(const SourceText& source, const std::vector<Token>& tokens,
                         Diagnostics& diagnostics)
    : m_source(source), m_tokens(tokens), m_diagnostics(diagnostics) {}

const Token& TokenCursor::peek(size_t ahead) const {
    return m_tokens[std::min(m_index + ahead, m_tokens.size() - 1)];
}

const Token& TokenCursor::advance() {
    if (!atEnd()) ++m_index;
    return previous();
}

bool TokenCursor::match(TokenKind kind) {
    if (!check(kind)) return false;
    advance();
    return true;
}

bool TokenCursor::expect(TokenKind kind, DiagnosticMessage message) {
    if (match(kind)) return true;
    errorAt(current(), std::move(message));
    return false;
}

SourceRange TokenCursor::rangeSince(size_t firstIndex) const {
    const SourceRange first = m_tokens[std::min(firstIndex, m_tokens.size() - 1)].range;
    if (m_index <= firstIndex) return first;
    return SourceRange::cover(first, previous().range);
}

bool TokenCursor::isWord(const Token& token, std::string_view word) const {
    return token.kind == TokenKind::Identifier && text(token) == word;
}

std::string TokenCursor::stringContent(const Token& token) const {
    std::string_view body = text(token);
    if (body.empty()) return {};
    const char quote = body.front();
    body.remove_prefix(1);
    if (!body.empty() && body.back() == quote) body.remove_suffix(1);
    return std::string(body);
}

void TokenCursor::errorAt(const Token& token, DiagnosticMessage message) {
    if (m_panic) return;
    m_panic = true;
    if (!lexerReported(token)) m_diagnostics.report(token.range, std::move(message));
}

void TokenCursor::report(SourceRange range, DiagnosticMessage message) {
    m_diagnostics.report(range, std::move(message));
}

// A stray character comes as an Invalid token the lexer reported. An unterminated string (also
// reported) swallowed the rest of its line, so the token after it is unexpected only as a
// consequence.
bool TokenCursor::lexerReported(const Token& unexpected) const {
    if (unexpected.kind == TokenKind::Invalid) return true;
    if (m_index == 0 || previous().kind != TokenKind::String) return false;
    const std::string_view body = text(previous());
    return body.size() < 2 || body.back() != body.front();
}

void TokenCursor::synchronize() {
    while (!atEnd() && !check(TokenKind::At)) {
        if (advance().kind == TokenKind::Semicolon) break;
    }
    m_panic = false;
}

void TokenCursor::endStatement(DiagnosticMessage message) {
    if (!m_panic && match(TokenKind::Semicolon)) return;
    // Like Clang: a `;` forgotten at the end of a line is reported right after the statement, on
    // its own line, not at whatever starts the next line.
    const bool nextLine = m_index > 0 && m_source.location(current().range.begin).line !=
                                             m_source.location(previous().range.end).line;
    if (nextLine && !m_panic && !lexerReported(current())) {
        m_panic = true;
        report(endOfPrevious(), std::move(message));
    } else {
        errorAt(current(), std::move(message));
    }
    synchronize();
}

}  // namespace mv
