// A hand-written scanner over the bytes of the SourceText. Everything outside ASCII is decoded
// only far enough to tell `°` from other code points and to cover a whole UTF-8 sequence with one
// diagnostic; the language itself is ASCII apart from `°`, strings and comments.

#include "core/text/lexer.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>

#include "core/text/number_chars.h"

namespace mv {
namespace {

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isNameChar(char c) {
    return isLetter(c) || isDigit(c) || c == '_';
}
bool isContinuation(unsigned char c) {
    return (c & 0xC0) == 0x80;
}

// Length of the well-formed UTF-8 sequence starting at text[at] (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0 when the bytes there are not one.
size_t utf8Length(std::string_view text, size_t at) {
    const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[at + i]); };
    const unsigned char lead = byte(0);
    size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        length = 2;
    else if (lead >= 0xE0 && lead <= 0xEF)
        length = 3;
    else if (lead >= 0xF0 && lead <= 0xF4)
        length = 4;
    else
        return 0;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
    if (at + length > text.size()) return 0;
    if (byte(1) < low || byte(1) > high) return 0;
    for (size_t i = 2; i < length; ++i)
        if (!isContinuation(byte(i))) return 0;
    return length;
}

// The code point of a well-formed sequence of `length` bytes (see utf8Length).
uint32_t codePoint(std::string_view text, size_t at, size_t length) {
    static constexpr unsigned char kLeadMask[] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    uint32_t value = static_cast<unsigned char>(text[at]) & kLeadMask[length];
    for (size_t i = 1; i < length; ++i)
        value = (value << 6) | (static_cast<unsigned char>(text[at + i]) & 0x3F);
    return value;
}

// Why a character cannot start a token. Non-ASCII characters are also named by code point: a
// no-break space pasted from a web page looks like a space in the message otherwise.
DiagnosticMessage invalidCharacter(unsigned char lead, size_t length, uint32_t code,
                                   const std::string& character) {
    char hex[16];
    if (length == 0) {
        std::snprintf(hex, sizeof hex, "0x%02X", lead);
        return diag<DiagnosticId::InvalidUtf8>(hex);
    }
    std::snprintf(hex, sizeof hex, "U+%04X", code);
    if (code < 0x20 || code == 0x7F || (code >= 0x80 && code < 0xA0))
        return diag<DiagnosticId::ControlCharacter>(hex);
    if (code < 0x80) return diag<DiagnosticId::UnexpectedCharacter>(character);
    return diag<DiagnosticId::UnexpectedNonAscii>(character, hex);
}

class Lexer {
public:
    Lexer(const SourceText& source, Diagnostics& diagnostics)
        : m_text(source.text()), m_diagnostics(diagnostics) {}

    std::vector<Token> run() {
        // A byte order mark, as some Windows editors write it, is not part of the script.
        if (m_text.substr(0, 3) == "\xEF\xBB\xBF") m_pos = 3;
        for (;;) {
            skipSpaceAndComments();
            if (m_pos >= m_text.size()) break;
            scanToken();
        }
        add(TokenKind::EndOfFile, m_pos);
        return std::move(m_tokens);
    }

private:
    char peek(size_t ahead = 0) const {
        return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0';
    }
    SourceRange rangeFrom(size_t begin) const {
        return {static_cast<uint32_t>(begin), static_cast<uint32_t>(m_pos)};
    }
    void add(TokenKind kind, size_t begin, double number = 0) {
        m_tokens.push_back({kind, rangeFrom(begin), number});
    }

    void skipSpaceAndComments() {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                ++m_pos;
            } else if (c == '/' && peek(1) == '/') {
                while (m_pos < m_text.size() && m_text[m_pos] != '\n') ++m_pos;
            } else if (c == '/' && peek(1) == '*') {
                skipBlockComment();
            } else {
                return;
            }
        }
    }

    void skipBlockComment() {
        const size_t begin = m_pos;
        const size_t close = m_text.find("*/", begin + 2);
        if (close == std::string_view::npos) {
            m_pos = m_text.size();
            m_diagnostics.report({static_cast<uint32_t>(begin), static_cast<uint32_t>(begin + 2)},
                                 diag<DiagnosticId::UnterminatedComment>());
            return;
        }
        m_pos = close + 2;
    }

    void scanToken() {
        const size_t begin = m_pos;
        const char c = m_text[m_pos];
        if (isDigit(c) || (c == '.' && isDigit(peek(1)))) return scanNumber();
        if (isLetter(c)) return scanName();
        if (c == '_') return scanUnderscore();
        if (c == '\'' || c == '"') return scanString();
        if (static_cast<unsigned char>(c) == 0xC2 && static_cast<unsigned char>(peek(1)) == 0xB0) {
            m_pos += 2;
            return add(TokenKind::Degree, begin);
        }
        const TokenKind kind = punctuation(c);
        if (kind == TokenKind::Invalid) return scanInvalid();
        ++m_pos;
        if ((kind == TokenKind::Colon || kind == TokenKind::Less || kind == TokenKind::Greater) &&
            peek() == '=') {
            ++m_pos;
            return add(kind == TokenKind::Colon  ? TokenKind::ColonEqual
                       : kind == TokenKind::Less ? TokenKind::LessEqual
                                                 : TokenKind::GreaterEqual,
                       begin);
        }
        add(kind, begin);
    }

    static TokenKind punctuation(char c) {
        switch (c) {
            case '.':
                return TokenKind::Dot;
            case ':':
                return TokenKind::Colon;
            case '<':
                return TokenKind::Less;
            case '>':
                return TokenKind::Greater;
            case '=':
                return TokenKind::Equal;
            case '@':
                return TokenKind::At;
            case '+':
                return TokenKind::Plus;
            case '-':
                return TokenKind::Minus;
            case '*':
                return TokenKind::Star;
            case '/':
                return TokenKind::Slash;
            case '^':
                return TokenKind::Caret;
            case '(':
                return TokenKind::LeftParen;
            case ')':
                return TokenKind::RightParen;
            case '[':
                return TokenKind::LeftBracket;
            case ']':
                return TokenKind::RightBracket;
            case ',':
                return TokenKind::Comma;
            case ';':
                return TokenKind::Semicolon;
            default:
                return TokenKind::Invalid;
        }
    }

    // digits ['.' digits] [('e'|'E') ['+'|'-'] digits], or '.' digits [exponent]. A '.' belongs to
    // the number only when a digit follows, so `[1,0].rotate` and `2.x` keep their member dot.
    void scanNumber() {
        const size_t begin = m_pos;
        while (isDigit(peek())) ++m_pos;
        if (peek() == '.' && isDigit(peek(1))) {
            ++m_pos;
            while (isDigit(peek())) ++m_pos;
        }
        const size_t mantissaEnd = m_pos;
        bool badExponent = false;
        if (peek() == 'e' || peek() == 'E') {
            ++m_pos;
            if (peek() == '+' || peek() == '-') ++m_pos;
            badExponent = !isDigit(peek());
            while (isDigit(peek())) ++m_pos;
        }
        const size_t valueEnd = badExponent ? mantissaEnd : m_pos;
        double value = 0;
        const auto result = numberFromChars(m_text.data() + begin, m_text.data() + valueEnd, value);
        if (badExponent) {
            m_diagnostics.report(rangeFrom(begin), diag<DiagnosticId::ExponentWithoutDigits>());
        } else if (result.ec == std::errc::result_out_of_range) {
            m_diagnostics.report(rangeFrom(begin), diag<DiagnosticId::NumberOutOfRange>());
            value = 0;
        }
        add(TokenKind::Number, begin, value);
    }

    void scanName() {
        const size_t begin = m_pos;
        while (isNameChar(peek())) ++m_pos;
        add(TokenKind::Identifier, begin);
    }

    // `_` alone is the don't-care variable; a longer name starting with `_` is reported but kept
    // as a name, so the parser goes on as if it were one.
    void scanUnderscore() {
        const size_t begin = m_pos;
        ++m_pos;
        if (!isNameChar(peek())) return add(TokenKind::DontCare, begin);
        while (isNameChar(peek())) ++m_pos;
        m_diagnostics.report(rangeFrom(begin), diag<DiagnosticId::NameStartsWithUnderscore>());
        add(TokenKind::Identifier, begin);
    }

    // No escapes. An unterminated string ends at the end of its line: that is where the user most
    // likely forgot the quote, and the next line still lexes normally.
    void scanString() {
        const size_t begin = m_pos;
        const char quote = m_text[m_pos++];
        while (m_pos < m_text.size() && m_text[m_pos] != quote && m_text[m_pos] != '\n') ++m_pos;
        if (peek() == quote) {
            ++m_pos;
        } else {
            while (m_pos > begin + 1 && m_text[m_pos - 1] == '\r') --m_pos;
            m_diagnostics.report(rangeFrom(begin),
                                 diag<DiagnosticId::UnterminatedString>(std::string(1, quote)));
        }
        add(TokenKind::String, begin);
    }

    void scanInvalid() {
        const size_t begin = m_pos;
        const auto lead = static_cast<unsigned char>(m_text[m_pos]);
        const size_t length = utf8Length(m_text, m_pos);
        m_pos += length == 0 ? 1 : length;
        const uint32_t code = length == 0 ? 0 : codePoint(m_text, begin, length);
        const std::string character(m_text.substr(begin, length));
        m_diagnostics.report(rangeFrom(begin), invalidCharacter(lead, length, code, character));
        add(TokenKind::Invalid, begin);
    }

    std::string_view m_text;
    Diagnostics& m_diagnostics;
    size_t m_pos = 0;
    std::vector<Token> m_tokens;
};

}  // namespace

std::vector<Token> lex(const SourceText& source, Diagnostics& diagnostics) {
    return Lexer(source, diagnostics).run();
}

std::vector<SourceRange> commentsBetween(const SourceText& source,
                                         const std::vector<Token>& tokens) {
    const std::string_view text = source.text();
    std::vector<SourceRange> comments;
    size_t at = 0;
    for (const Token& token : tokens) {
        const size_t gapEnd = token.range.begin;
        while (at < gapEnd) {
            const bool line = text.substr(at, 2) == "//";
            if (!line && text.substr(at, 2) != "/*") {
                ++at;
                continue;
            }
            const size_t close = line ? text.find('\n', at) : text.find("*/", at + 2);
            const size_t end =
                close == std::string_view::npos ? gapEnd : std::min(close + (line ? 0 : 2), gapEnd);
            comments.push_back({uint32_t(at), uint32_t(end)});
            at = end;
        }
        at = std::max<size_t>(at, token.range.end);
    }
    return comments;
}

}  // namespace mv
