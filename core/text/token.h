#pragma once
// The tokens of the Movimentum language (docs/reference.md#lexical-rules), all kinds in one table
// like Clang's TokenKinds.def: the enum and the spellings used in messages come from the same list,
// so they cannot drift apart. A token is a range of the SourceText, never a copy of its text; only
// a number's value is decoded once by the lexer.

#include <cstdint>

#include "core/text/source_text.h"

namespace mv {

// X(Name, "spelling in messages")
#define MV_TOKEN_KINDS(X)           \
    X(EndOfFile, "end of file")     \
    X(Invalid, "invalid character") \
    X(Number, "number")             \
    X(String, "string")             \
    X(Identifier, "name")           \
    X(DontCare, "'_'")              \
    X(Degree, "'°'")                \
    X(Dot, "'.'")                   \
    X(ColonEqual, "':='")           \
    X(Colon, "':'")                 \
    X(LessEqual, "'<='")            \
    X(GreaterEqual, "'>='")         \
    X(Less, "'<'")                  \
    X(Greater, "'>'")               \
    X(Equal, "'='")                 \
    X(At, "'@'")                    \
    X(Plus, "'+'")                  \
    X(Minus, "'-'")                 \
    X(Star, "'*'")                  \
    X(Slash, "'/'")                 \
    X(Caret, "'^'")                 \
    X(LeftParen, "'('")             \
    X(RightParen, "')'")            \
    X(LeftBracket, "'['")           \
    X(RightBracket, "']'")          \
    X(Comma, "','")                 \
    X(Semicolon, "';'")

enum class TokenKind : uint8_t {
#define MV_TOKEN_ENUM(name, spelling) name,
    MV_TOKEN_KINDS(MV_TOKEN_ENUM)
#undef MV_TOKEN_ENUM
};

// How a kind is named in a diagnostic: "';'", "name", "end of file".
constexpr const char* tokenSpelling(TokenKind kind) {
    switch (kind) {
#define MV_TOKEN_CASE(name, spelling) \
    case TokenKind::name:             \
        return spelling;
        MV_TOKEN_KINDS(MV_TOKEN_CASE)
#undef MV_TOKEN_CASE
    }
    return "token";
}

// `Invalid` marks text the lexer already reported (a stray character); the parser skips the rest of
// the statement silently there, so one bad character gives one diagnostic.
struct Token {
    TokenKind kind = TokenKind::EndOfFile;
    SourceRange range;
    double number = 0;  // Number: its value
};

}  // namespace mv
