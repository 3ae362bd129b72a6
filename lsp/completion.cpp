#include "lsp/completion.h"

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
    std::string_view head = before.substr(0, dot);
    while (!head.empty() && head.back() == ' ') head.remove_suffix(1);
    return !head.empty() && head.back() == ':' && head.find(';') == std::string_view::npos;
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
