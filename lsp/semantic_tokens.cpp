#include "lsp/semantic_tokens.h"

#include <algorithm>

#include "core/analysis/reserved_names.h"
#include "core/text/lexer.h"

namespace mv::lsp {

namespace {

enum Type : uint32_t {
    kClass,
    kProperty,
    kStruct,
    kEvent,
    kVariable,
    kFunction,
    kKeyword,
    kNumber,
    kString,
    kComment,
    kOperator,
};
enum Modifier : uint32_t { kDeclaration = 1, kDefaultLibrary = 2 };

struct Classified {
    SourceRange range;
    uint32_t type;
    uint32_t modifiers = 0;
};

bool isOperator(TokenKind kind) {
    switch (kind) {
        case TokenKind::Plus:
        case TokenKind::Minus:
        case TokenKind::Star:
        case TokenKind::Slash:
        case TokenKind::Caret:
        case TokenKind::Equal:
        case TokenKind::Less:
        case TokenKind::Greater:
        case TokenKind::LessEqual:
        case TokenKind::GreaterEqual:
        case TokenKind::ColonEqual:
            return true;
        default:
            return false;
    }
}

// What a name is: by the token before it (a member after '.') and the script's names.
Classified classifyName(const Script* script, std::string_view text,
                        const std::vector<Token>& tokens, size_t i, bool declaration) {
    const Token& token = tokens[i];
    const std::string name(text);
    const bool afterDot = i > 0 && tokens[i - 1].kind == TokenKind::Dot;
    const bool followedByEqual = i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::Equal;
    const uint32_t modifier = declaration ? uint32_t{kDeclaration} : 0u;
    if (afterDot) {
        // `.bar`, `.config`: a kind; `Crank.Q`, `Bob.theta`: a member.
        const bool kind = i < 2 || tokens[i - 2].kind == TokenKind::Colon ||
                          tokens[i - 2].kind == TokenKind::Semicolon;
        if (kind || name == "config") return Classified{token.range, kKeyword};
        const bool called = i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::LeftParen;
        if (called) return Classified{token.range, kFunction, kDefaultLibrary};  // `.rotate(a)`
        return Classified{token.range, kProperty};
    }
    if (isFunctionName(name)) return Classified{token.range, kFunction, kDefaultLibrary};
    if (isReservedName(name)) return Classified{token.range, kVariable, kDefaultLibrary};
    if (script) {
        if (script->thingIndex(name) >= 0) return Classified{token.range, kClass, modifier};
        if (script->elementIndex(name) >= 0) return Classified{token.range, kStruct, modifier};
        // Interactions, masses and the machine's gravity act on the machine and have no value.
        const bool acts = script->interactionIndex(name) >= 0 || script->massIndex(name) >= 0 ||
                          (!script->gravity.name.empty() && name == script->gravity.name);
        if (acts) return Classified{token.range, kEvent, modifier};
        if (script->variableIndex(name) >= 0) return Classified{token.range, kVariable};
    }
    if (followedByEqual) return Classified{token.range, kProperty, kDeclaration};
    return Classified{token.range, kVariable};
}

// A marker's own tokens: `@`, an optional `+` and its number.
bool inMarker(const std::vector<Token>& tokens, size_t i) {
    const auto is = [&](size_t k, TokenKind kind) {
        return k < tokens.size() && tokens[k].kind == kind;
    };
    if (is(i, TokenKind::At)) return true;
    if (i >= 1 && is(i, TokenKind::Plus)) return is(i - 1, TokenKind::At);
    if (!is(i, TokenKind::Number) || i == 0) return false;
    return is(i - 1, TokenKind::At) ||
           (i >= 2 && is(i - 1, TokenKind::Plus) && is(i - 2, TokenKind::At));
}

// The lexer's tokens and the comments between them, by text order.
std::vector<Classified> classify(const Document& document) {
    const SourceText& source = *document.source;
    Diagnostics ignored;
    const std::vector<Token> tokens = lex(source, ignored);
    std::vector<Classified> result;
    for (const SourceRange& comment : commentsBetween(source, tokens))
        result.push_back({comment, kComment});
    bool statementStart = true;
    for (size_t i = 0; i < tokens.size(); ++i) {
        const Token& token = tokens[i];
        const bool startsStatement = statementStart;
        statementStart = token.kind == TokenKind::Semicolon || token.kind == TokenKind::At;
        if (inMarker(tokens, i)) {
            result.push_back({token.range, kKeyword});
            statementStart = true;
        } else if (token.kind == TokenKind::Number) {
            result.push_back({token.range, kNumber});
        } else if (token.kind == TokenKind::String) {
            result.push_back({token.range, kString});
        } else if (token.kind == TokenKind::Degree) {
            result.push_back({token.range, kKeyword});
        } else if (token.kind == TokenKind::Identifier) {
            const bool declaration =
                startsStatement && i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::Colon;
            result.push_back(classifyName(document.model.get(), source.slice(token.range), tokens,
                                          i, declaration));
        } else if (isOperator(token.kind)) {
            result.push_back({token.range, kOperator});
        }
    }
    std::sort(result.begin(), result.end(), [](const Classified& a, const Classified& b) {
        return a.range.begin < b.range.begin;
    });
    return result;
}

}  // namespace

Json semanticTokensLegend() {
    return {{"tokenTypes",
             {"class", "property", "struct", "event", "variable", "function", "keyword", "number",
              "string", "comment", "operator"}},
            {"tokenModifiers", {"declaration", "defaultLibrary"}}};
}

std::vector<uint32_t> semanticTokens(const Document& document, PositionEncoding encoding) {
    std::vector<uint32_t> data;
    if (!document.source) return data;
    const ClientPositions positions(document.source->text(), encoding);
    uint32_t lastLine = 0, lastStart = 0;
    for (const Classified& c : classify(document)) {
        // A token over several lines (a block comment) is sent line by line.
        for (uint32_t begin = c.range.begin; begin < c.range.end;) {
            const Position p = positions.position(begin);
            const uint32_t end = std::min(c.range.end, positions.lineEnd(p.line));
            const uint32_t length = positions.units(
                std::string_view(document.source->text()).substr(begin, end - begin));
            if (length > 0) {
                data.insert(data.end(), {p.line - lastLine,
                                         p.line == lastLine ? p.character - lastStart : p.character,
                                         length, c.type, c.modifiers});
                lastLine = p.line;
                lastStart = p.character;
            }
            if (p.line + 1 >= positions.lineCount()) break;
            begin = std::max(end + 1, positions.lineStart(p.line + 1));
        }
    }
    return data;
}

}  // namespace mv::lsp
