#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/text/lexer.h"
#include "tests/core/diagnostic_lines.h"

using namespace mv;
using mv::test::diagnosticLines;

namespace {

struct Lexed {
    SourceText source;
    Diagnostics diagnostics;
    std::vector<Token> tokens;
};

Lexed lexText(std::string text) {
    Lexed result{SourceText("test.movimentum", std::move(text)), {}, {}};
    result.tokens = lex(result.source, result.diagnostics);
    return result;
}

std::vector<TokenKind> kinds(const Lexed& lexed) {
    std::vector<TokenKind> out;
    for (const Token& token : lexed.tokens) out.push_back(token.kind);
    return out;
}

std::vector<std::string> spellings(const Lexed& lexed) {
    std::vector<std::string> out;
    for (const Token& token : lexed.tokens) out.emplace_back(lexed.source.slice(token.range));
    return out;
}

using K = TokenKind;

}  // namespace

TEST_CASE("Every punctuation token and operator", "[lexer]") {
    const Lexed lexed = lexText(":= <= >= < > = @ + - * / ^ ( ) [ ] , ; : .");
    CHECK(lexed.diagnostics.empty());
    CHECK(kinds(lexed) == std::vector<K>{K::ColonEqual,   K::LessEqual,  K::GreaterEqual,
                                         K::Less,         K::Greater,    K::Equal,
                                         K::At,           K::Plus,       K::Minus,
                                         K::Star,         K::Slash,      K::Caret,
                                         K::LeftParen,    K::RightParen, K::LeftBracket,
                                         K::RightBracket, K::Comma,      K::Semicolon,
                                         K::Colon,        K::Dot,        K::EndOfFile});
}

TEST_CASE("Two-character operators need no space, single ones split", "[lexer]") {
    const Lexed lexed = lexText("x:=1;a<=b>=c<d>e:f");
    CHECK(spellings(lexed) == std::vector<std::string>{"x", ":=", "1", ";", "a", "<=", "b", ">=",
                                                       "c", "<", "d", ">", "e", ":", "f", ""});
}

TEST_CASE("Numbers in all written forms", "[lexer]") {
    const Lexed lexed = lexText("12 000.0 1.5 .5 1e-3 2.5E+2 7e2 0");
    REQUIRE(lexed.diagnostics.empty());
    REQUIRE(lexed.tokens.size() == 9);
    const std::vector<double> expected{12, 0, 1.5, 0.5, 0.001, 250, 700, 0};
    for (size_t i = 0; i < expected.size(); ++i) {
        CHECK(lexed.tokens[i].kind == K::Number);
        CHECK(lexed.tokens[i].number == expected[i]);
    }
    CHECK(spellings(lexed)[5] == "2.5E+2");
}

TEST_CASE("A number has no sign: '-' is an operator", "[lexer]") {
    const Lexed lexed = lexText("-3");
    CHECK(kinds(lexed) == std::vector<K>{K::Minus, K::Number, K::EndOfFile});
}

TEST_CASE("A dot belongs to a number only when a digit follows it", "[lexer]") {
    CHECK(spellings(lexText("[1,0].rotate")) ==
          std::vector<std::string>{"[", "1", ",", "0", "]", ".", "rotate", ""});
    CHECK(spellings(lexText("2.x")) == std::vector<std::string>{"2", ".", "x", ""});
    CHECK(spellings(lexText("a.5")) == std::vector<std::string>{"a", ".5", ""});
    CHECK(spellings(lexText("1.5.x")) == std::vector<std::string>{"1.5", ".", "x", ""});
    CHECK(spellings(lexText(".config")) == std::vector<std::string>{".", "config", ""});
}

TEST_CASE("An exponent without digits is an error on the number", "[lexer]") {
    const Lexed a = lexText("x = 1e;");
    CHECK(diagnosticLines(a.source, a.diagnostics) ==
          std::vector<std::string>{"1:5: expected digits after the exponent 'e'"});
    CHECK(a.diagnostics.list()[0].range == SourceRange{4, 6});
    CHECK(a.tokens[2].kind == K::Number);
    CHECK(a.tokens[2].number == 1);

    const Lexed b = lexText("2.5E+ ");
    REQUIRE(b.diagnostics.list().size() == 1);
    CHECK(b.diagnostics.list()[0].range == SourceRange{0, 5});
    CHECK(b.tokens[0].number == 2.5);
}

TEST_CASE("A number too large for a double is an error", "[lexer]") {
    const Lexed lexed = lexText("1e999");
    CHECK(diagnosticLines(lexed.source, lexed.diagnostics) ==
          std::vector<std::string>{"1:1: number is out of range"});
}

TEST_CASE("The degree sign is one token of two bytes", "[lexer]") {
    const Lexed lexed = lexText("180°*t");
    CHECK(lexed.diagnostics.empty());
    CHECK(kinds(lexed) ==
          std::vector<K>{K::Number, K::Degree, K::Star, K::Identifier, K::EndOfFile});
    CHECK(lexed.tokens[1].range == SourceRange{3, 5});
}

TEST_CASE("Names, the don't-care and names starting with '_'", "[lexer]") {
    const Lexed lexed = lexText("Crank x2 theta_d1 link _ [_,0] _bad");
    CHECK(kinds(lexed) == std::vector<K>{K::Identifier, K::Identifier, K::Identifier, K::Identifier,
                                         K::DontCare, K::LeftBracket, K::DontCare, K::Comma,
                                         K::Number, K::RightBracket, K::Identifier, K::EndOfFile});
    CHECK(spellings(lexed)[2] == "theta_d1");
    CHECK(diagnosticLines(lexed.source, lexed.diagnostics) ==
          std::vector<std::string>{"1:32: a name must start with a letter, not '_'"});
    CHECK(lexed.diagnostics.list()[0].range == SourceRange{31, 35});
}

TEST_CASE("A name's digits and letters stay together, and 180deg splits at the letter", "[lexer]") {
    CHECK(spellings(lexText("180deg")) == std::vector<std::string>{"180", "deg", ""});
    CHECK(spellings(lexText("x2y")) == std::vector<std::string>{"x2y", ""});
}

TEST_CASE("Strings with either quote and no escapes", "[lexer]") {
    const Lexed lexed = lexText(R"('engine.png' "it's" '')");
    CHECK(lexed.diagnostics.empty());
    CHECK(kinds(lexed) == std::vector<K>{K::String, K::String, K::String, K::EndOfFile});
    CHECK(spellings(lexed)[1] == "\"it's\"");
}

TEST_CASE("An unterminated string ends at the end of its line", "[lexer]") {
    const Lexed lexed = lexText("A : 'a.png P = [1,2];\r\nB");
    CHECK(diagnosticLines(lexed.source, lexed.diagnostics) ==
          std::vector<std::string>{"1:5: unterminated string: missing closing '"});
    CHECK(lexed.diagnostics.list()[0].range == SourceRange{4, 21});
    CHECK(kinds(lexed) ==
          std::vector<K>{K::Identifier, K::Colon, K::String, K::Identifier, K::EndOfFile});
    CHECK(spellings(lexed)[3] == "B");
}

TEST_CASE("Comments of both kinds are skipped", "[lexer]") {
    const Lexed lexed = lexText("a // x = 1;\nb /* c\n d */ e/**/f // end");
    CHECK(lexed.diagnostics.empty());
    CHECK(spellings(lexed) == std::vector<std::string>{"a", "b", "e", "f", ""});
}

TEST_CASE("Block comments do not nest", "[lexer]") {
    CHECK(spellings(lexText("/* a /* b */ c */")) == std::vector<std::string>{"c", "*", "/", ""});
}

TEST_CASE("An unterminated block comment is an error at its start", "[lexer]") {
    const Lexed lexed = lexText("x = 1;\n  /* never closed\n y = 2;");
    CHECK(diagnosticLines(lexed.source, lexed.diagnostics) ==
          std::vector<std::string>{"2:3: unterminated comment: '/*' without '*/'"});
    CHECK(lexed.diagnostics.list()[0].range == SourceRange{9, 11});
    CHECK(spellings(lexed) == std::vector<std::string>{"x", "=", "1", ";", ""});
}

TEST_CASE("A stray character is one error over its whole code point", "[lexer]") {
    const Lexed lexed = lexText("a # b € c");
    CHECK(diagnosticLines(lexed.source, lexed.diagnostics) ==
          std::vector<std::string>{"1:3: unexpected character '#'",
                                   "1:7: unexpected character '€' (U+20AC)"});
    CHECK(lexed.diagnostics.list()[1].range == SourceRange{6, 9});
    CHECK(kinds(lexed) == std::vector<K>{K::Identifier, K::Invalid, K::Identifier, K::Invalid,
                                         K::Identifier, K::EndOfFile});
}

TEST_CASE("Invalid UTF-8 is reported byte by byte and never read past the end", "[lexer]") {
    // A lone continuation byte, an overlong form, a surrogate, a truncated sequence at the end.
    const Lexed lexed = lexText(std::string("\x80 \xC0\xAF \xED\xA0\x80 x \xE2\x82"));
    std::vector<std::string> messages;
    for (const Diagnostic& d : lexed.diagnostics.list()) {
        messages.push_back(d.message);
        CHECK(d.range.length() == 1);
    }
    CHECK(messages == std::vector<std::string>{"invalid UTF-8 byte 0x80", "invalid UTF-8 byte 0xC0",
                                               "invalid UTF-8 byte 0xAF", "invalid UTF-8 byte 0xED",
                                               "invalid UTF-8 byte 0xA0", "invalid UTF-8 byte 0x80",
                                               "invalid UTF-8 byte 0xE2",
                                               "invalid UTF-8 byte 0x82"});
    CHECK(lexed.tokens.back().kind == K::EndOfFile);
    CHECK(lexed.tokens.back().range == SourceRange{13, 13});
}

TEST_CASE("A lone first byte of the degree sign is invalid", "[lexer]") {
    const Lexed lexed = lexText(std::string("1\xC2"));
    CHECK(diagnosticLines(lexed.source, lexed.diagnostics) ==
          std::vector<std::string>{"1:2: invalid UTF-8 byte 0xC2"});
}

TEST_CASE("Control characters and invisible ones are named by code point", "[lexer]") {
    const Lexed lexed = lexText(std::string("a\x01 b\xC2\x85 x\xC2\xA0y \xF0\x9F\x98\x80"));
    CHECK(diagnosticLines(lexed.source, lexed.diagnostics) ==
          std::vector<std::string>{"1:2: unexpected control character U+0001",
                                   "1:5: unexpected control character U+0085",
                                   "1:8: unexpected character '\xC2\xA0' (U+00A0)",
                                   "1:11: unexpected character '😀' (U+1F600)"});
}

TEST_CASE("A byte order mark at the start is skipped", "[lexer]") {
    const Lexed lexed = lexText("\xEF\xBB\xBFx \xEF\xBB\xBF");
    CHECK(diagnosticLines(lexed.source, lexed.diagnostics) ==
          std::vector<std::string>{"1:4: unexpected character '\xEF\xBB\xBF' (U+FEFF)"});
    CHECK(spellings(lexed)[0] == "x");
}

TEST_CASE("The token list always ends with an empty EndOfFile token", "[lexer]") {
    const Lexed empty = lexText("");
    CHECK(kinds(empty) == std::vector<K>{K::EndOfFile});
    const Lexed spaces = lexText("  \n\t// c");
    CHECK(kinds(spaces) == std::vector<K>{K::EndOfFile});
    CHECK(spaces.tokens[0].range == SourceRange{8, 8});
}

TEST_CASE("Token spellings for messages come from the token table", "[lexer]") {
    CHECK(std::string(tokenSpelling(K::Semicolon)) == "';'");
    CHECK(std::string(tokenSpelling(K::EndOfFile)) == "end of file");
    CHECK(std::string(tokenSpelling(K::Degree)) == "'°'");
}
