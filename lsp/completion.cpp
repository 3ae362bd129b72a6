#include "lsp/completion.h"

#include <map>
#include <optional>
#include <string>

#include "core/editing/completion_candidates.h"
#include "core/text/lexer.h"
#include "core/text/parser.h"
#include "lsp/function_help.h"
#include "lsp/keyword_hover.h"

namespace mv::lsp {

namespace {

enum ItemKind {
    kFunction = 3,
    kField = 5,
    kVariable = 6,
    kClass = 7,
    kProperty = 10,
    kKeyword = 14,
    kStruct = 22,
    kEvent = 23
};

int itemKind(CompletionCandidates::Kind kind) {
    using Kind = CompletionCandidates::Kind;
    switch (kind) {
        case Kind::Thing:
            return kClass;
        case Kind::Element:
            return kStruct;
        case Kind::Interaction:
            return kEvent;
        case Kind::Variable:
            return kVariable;
        case Kind::Anchor:
            return kField;
        case Kind::State:
        case Kind::Parameter:
            return kProperty;
        case Kind::Member:
            return kField;
        case Kind::Reserved:
            return kKeyword;
        case Kind::Function:
            return kFunction;
    }
    return kVariable;
}

// Where the cursor is in a definition (`Name : .kind properties…`), from the tokens of the text
// before it: typing its kind, or where a property's name goes (after the kind, or after a value
// that is complete: not after `=`, an operator, an open bracket or a comma).
struct DefinitionPlace {
    bool typingKind = false;
    std::string kind;  // where a property's name goes
};

std::optional<DefinitionPlace> definitionPlaceAt(std::string_view text) {
    const SourceText source("completion", std::string(text));
    Diagnostics ignored;
    std::vector<Token> tokens = lex(source, ignored);
    tokens.pop_back();  // EndOfFile
    // The statement the cursor is in starts after the last `;` and a marker there.
    size_t start = tokens.size();
    while (start > 0 && tokens[start - 1].kind != TokenKind::Semicolon) --start;
    const auto is = [&](size_t i, TokenKind kind) {
        return i < tokens.size() && tokens[i].kind == kind;
    };
    while (is(start, TokenKind::At)) {  // markers, `@+2`, then the statement
        start += is(start + 1, TokenKind::Plus) ? 3 : 2;
    }
    if (!is(start, TokenKind::Identifier) || !is(start + 1, TokenKind::Colon) ||
        !is(start + 2, TokenKind::Dot))
        return std::nullopt;
    // A name that ends at the cursor is the one being typed: what comes before it decides.
    size_t end = tokens.size();
    const bool typing = end > 0 && tokens[end - 1].kind == TokenKind::Identifier &&
                        tokens[end - 1].range.end == text.size();
    if (typing) --end;
    if (end <= start + 3) return DefinitionPlace{true, {}};  // `Name : .` or `Name : .pe`
    if (!is(start + 3, TokenKind::Identifier)) return std::nullopt;
    const Token& last = tokens[end - 1];
    const bool complete = last.kind == TokenKind::Identifier || last.kind == TokenKind::Number ||
                          last.kind == TokenKind::String || last.kind == TokenKind::RightBracket ||
                          last.kind == TokenKind::RightParen || last.kind == TokenKind::Degree;
    const size_t gap = typing ? tokens[end].range.begin : text.size();
    if (!complete || gap == last.range.end) return std::nullopt;  // a value goes on
    return DefinitionPlace{false, std::string(source.slice(tokens[start + 3].range))};
}

Json markdown(const std::string& text) {
    return {{"kind", "markdown"}, {"value", text}};
}

// What a candidate is, in a word, and for a function its forms and what it computes.
Json item(const CompletionCandidates::Candidate& candidate) {
    using Kind = CompletionCandidates::Kind;
    static const std::map<Kind, const char*> details = {{Kind::Thing, "thing"},
                                                        {Kind::Element, "element"},
                                                        {Kind::Interaction, "interaction"},
                                                        {Kind::Variable, "variable"},
                                                        {Kind::Anchor, "anchor"},
                                                        {Kind::State, "state"},
                                                        {Kind::Parameter, "parameter"},
                                                        {Kind::Member, "vector member"},
                                                        {Kind::Reserved, "reserved name"},
                                                        {Kind::Function, "function"}};
    Json item = {{"label", candidate.name},
                 {"kind", itemKind(candidate.kind)},
                 {"detail", details.at(candidate.kind)}};
    static const std::map<std::string, const char*> reserved = {
        {"t", "the time since the step's marker, in seconds"},
        {"T", "the time since the start, in seconds"},
        {"iv", "the length of the step, in seconds"},
        {"pi", "\u03c0"},
        {"deg", "degrees, written after a value: `30 deg` is `30\u00b0`"}};
    if (const auto word = reserved.find(candidate.name); word != reserved.end())
        item["documentation"] = markdown(word->second);
    const std::vector<FunctionForm> forms = functionForms(candidate.name);
    if (candidate.kind == Kind::Function && !forms.empty()) {
        item["detail"] = forms.front().label;
        std::string documentation;
        for (const FunctionForm& form : forms)
            documentation += (documentation.empty() ? "" : "\n\n") +
                             ("`" + form.label + "` \u2014 ") + form.documentation;
        item["documentation"] = markdown(documentation);
    }
    return item;
}

}  // namespace

Json completionItems(const Document& document, Position position, PositionEncoding encoding) {
    Json items = Json::array();
    if (!document.source) return items;
    const ClientPositions positions(document.source->text(), encoding);
    const uint32_t offset = positions.offset(position);
    uint32_t lineStart = 0;
    positions.lineAt(offset, &lineStart);
    const std::string_view before =
        std::string_view(document.source->text()).substr(lineStart, offset - lineStart);
    const auto place =
        definitionPlaceAt(std::string_view(document.source->text()).substr(0, offset));
    if (place && place->typingKind) {
        for (const auto& [word, kind] : definitionKinds())
            items.push_back({{"label", std::string(word)},
                             {"kind", kKeyword},
                             {"detail", "kind"},
                             {"documentation", markdown(kindHelp(word))}});
        return items;
    }
    if (place) {
        for (const std::string& property : definitionProperties(place->kind))
            items.push_back({{"label", property},
                             {"kind", kProperty},
                             {"detail", "property of ." + place->kind}});
        return items;
    }
    const CompletionCandidates candidates = completionCandidates(document.model.get(), before);
    for (const auto& c : candidates.candidates) items.push_back(item(c));
    return items;
}

}  // namespace mv::lsp
