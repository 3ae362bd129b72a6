#include "lsp/completion.h"

#include <cctype>
#include <optional>

#include "core/completion_candidates.h"

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

// `Name : .` typed: the definition kinds (LANGUAGE.md §3, §8).
bool afterDefinitionColon(std::string_view before) {
    const size_t dot = before.find_last_of('.');
    if (dot == std::string_view::npos) return false;
    for (const char c : before.substr(dot + 1))  // only the kind's word may follow
        if (!std::isalpha(static_cast<unsigned char>(c))) return false;
    std::string_view head = before.substr(0, dot);
    while (!head.empty() && head.back() == ' ') head.remove_suffix(1);
    return !head.empty() && head.back() == ':' && head.find(';') == std::string_view::npos;
}

// The kind word of the definition the cursor is in (`pendulum` in `Bob : .pendulum theta = 1 l`),
// when the cursor is where a property's name goes: after the kind or after a complete value.
std::optional<std::string> definitionKindAt(std::string_view text) {
    const size_t start = text.find_last_of(";@");
    std::string_view statement = text.substr(start == std::string_view::npos ? 0 : start + 1);
    const auto skipBlanks = [&] {
        while (!statement.empty() && std::isspace(static_cast<unsigned char>(statement.front())))
            statement.remove_prefix(1);
    };
    skipBlanks();
    while (statement.substr(0, 2) == "//") {  // comment lines before the definition
        const size_t end = statement.find('\n');
        statement = end == std::string_view::npos ? std::string_view() : statement.substr(end);
        skipBlanks();
    }
    size_t at = 0;
    while (at < statement.size() &&
           (std::isalnum(static_cast<unsigned char>(statement[at])) || statement[at] == '_'))
        ++at;
    std::string_view rest = statement.substr(at);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (at == 0 || rest.substr(0, 1) != ":" || rest.substr(0, 2) == ":=") return std::nullopt;
    rest.remove_prefix(1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (rest.substr(0, 1) != ".") return std::nullopt;
    size_t end = 1;
    while (end < rest.size() && std::isalpha(static_cast<unsigned char>(rest[end]))) ++end;
    const std::string kind(rest.substr(1, end - 1));
    // A property's name goes after blanks that follow the kind or a complete value, not after
    // `=`, an operator or an open bracket; the name being typed is left out.
    std::string_view before = rest.substr(end);
    while (!before.empty() &&
           (std::isalnum(static_cast<unsigned char>(before.back())) || before.back() == '_'))
        before.remove_suffix(1);
    if (before.empty() || !std::isspace(static_cast<unsigned char>(before.back())))
        return std::nullopt;
    while (!before.empty() && std::isspace(static_cast<unsigned char>(before.back())))
        before.remove_suffix(1);
    if (!before.empty() &&
        std::string_view("=+-*/^([,<>:").find(before.back()) != std::string_view::npos)
        return std::nullopt;
    return kind;
}

}  // namespace

Json completionItems(const Document& document, Position position, PositionEncoding encoding) {
    Json items = Json::array();
    if (!document.source) return items;
    const TextPositions positions(document.source->text(), encoding);
    const uint32_t offset = positions.offset(position);
    uint32_t lineStart = 0;
    positions.lineAt(offset, &lineStart);
    const std::string_view before =
        std::string_view(document.source->text()).substr(lineStart, offset - lineStart);
    const std::string_view upToCursor = std::string_view(document.source->text()).substr(0, offset);
    if (const auto kind = definitionKindAt(upToCursor)) {
        for (const std::string& property : definitionProperties(*kind))
            items.push_back({{"label", property}, {"kind", kProperty}});
        return items;
    }
    if (afterDefinitionColon(before)) {
        for (const char* kind : {"bar", "pendulum", "point", "swing", "gravity", "reflection"})
            items.push_back({{"label", kind}, {"kind", kKeyword}});
        return items;
    }
    const CompletionCandidates candidates = completionCandidates(document.script.get(), before);
    for (const auto& c : candidates.candidates)
        items.push_back({{"label", c.name}, {"kind", itemKind(c.kind)}});
    return items;
}

}  // namespace mv::lsp
