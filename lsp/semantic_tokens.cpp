#include "lsp/semantic_tokens.h"

#include <algorithm>

#include "core/lexer.h"
#include "core/reserved_names.h"

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
std::optional<Classified> classifyName(const Script* script, std::string_view text,
                                       const std::vector<Token>& tokens, size_t i,
                                       bool declaration) {
    const Token& token = tokens[i];
    const std::string name(text);
    const bool afterDot = i > 0 && tokens[i - 1].kind == TokenKind::Dot;
    const bool followedByEqual = i + 1 < tokens.size() && tokens[i + 1].kind == TokenKind::Equal;
    const uint32_t modifier = declaration ? uint32_t{kDeclaration} : 0u;
    if (afterDot) {
        // `.bar`, `.config`: a kind; `Crank.Q`, `Bob.theta`: a member.
        const bool kind = i < 2 || tokens[i - 2].kind == TokenKind::Colon ||
                          tokens[i - 2].kind == TokenKind::Semicolon || i == 1;
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
        for (const Interaction& interaction : script->interactions)
            if (interaction.name == name) return Classified{token.range, kEvent, modifier};
        if (script->variableIndex(name) >= 0) return Classified{token.range, kVariable};
    }
    if (followedByEqual) return Classified{token.range, kProperty, kDeclaration};
    return Classified{token.range, kVariable};
}

std::vector<Classified> classify(const Document& document) {
    const SourceText& source = *document.source;
    const Script* script = document.script.get();
    Diagnostics ignored;
    const std::vector<Token> tokens = lex(source, ignored);
    std::vector<Classified> result;
    std::string_view text = source.text();
    size_t at = 0;
    bool statementStart = true;
    for (size_t i = 0; i < tokens.size(); ++i) {
        const Token& token = tokens[i];
        // The comments in the gap before this token.
        while (at < token.range.begin) {
            if (text.substr(at, 2) == "//" || text.substr(at, 2) == "/*") {
                const bool line = text[at + 1] == '/';
                size_t end = line ? text.find('\n', at) : text.find("*/", at + 2);
                end = end == std::string_view::npos ? token.range.begin : (line ? end : end + 2);
                end = std::min<size_t>(end, token.range.begin);
                result.push_back({{uint32_t(at), uint32_t(end)}, kComment});
                at = end;
            } else {
                ++at;
            }
        }
        at = token.range.end;
        const bool startsStatement = statementStart;
        statementStart = token.kind == TokenKind::Semicolon;
        switch (token.kind) {
            case TokenKind::Number:
                result.push_back({token.range, i > 0 && tokens[i - 1].kind == TokenKind::At
                                                   ? kKeyword
                                                   : kNumber});
                break;
            case TokenKind::String:
                result.push_back({token.range, kString});
                break;
            case TokenKind::At:
                result.push_back({token.range, kKeyword});
                statementStart = true;
                break;
            case TokenKind::Identifier: {
                const bool declaration = startsStatement && i + 1 < tokens.size() &&
                                         tokens[i + 1].kind == TokenKind::Colon;
                if (auto c =
                        classifyName(script, source.slice(token.range), tokens, i, declaration))
                    result.push_back(*c);
                break;
            }
            case TokenKind::Degree:
                result.push_back({token.range, kKeyword});
                break;
            default:
                if (isOperator(token.kind))
                    result.push_back({token.range, kOperator});
                else if (token.kind == TokenKind::Plus && i > 0 &&
                         tokens[i - 1].kind == TokenKind::At)
                    result.push_back({token.range, kKeyword});
        }
    }
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
    const TextPositions positions(document.source->text(), encoding);
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
