#include "lsp/symbol_occurrences.h"

#include "core/diagnostics/diagnostic.h"
#include "core/text/lexer.h"

namespace mv::lsp {

namespace {

using Kind = ScriptSymbol::Kind;

// A top-level name of `model`: a definition's or a named variable's.
std::optional<ScriptSymbol> topLevel(const Script& model, const std::string& name) {
    if (model.thingIndex(name) >= 0) return ScriptSymbol{Kind::Thing, {}, name};
    if (model.elementIndex(name) >= 0) return ScriptSymbol{Kind::Element, {}, name};
    if (model.interactionIndex(name) >= 0) return ScriptSymbol{Kind::Interaction, {}, name};
    if (model.massIndex(name) >= 0) return ScriptSymbol{Kind::Mass, {}, name};
    if (!model.gravity.name.empty() && model.gravity.name == name)
        return ScriptSymbol{Kind::Gravity, {}, name};
    if (model.variableIndex(name) >= 0) return ScriptSymbol{Kind::Variable, {}, name};
    return std::nullopt;
}

// `member` of the thing or element `owner`: an anchor, a state or a parameter.
std::optional<ScriptSymbol> memberOf(const Script& model, const std::string& owner,
                                     const std::string& member) {
    if (const int t = model.thingIndex(owner); t >= 0)
        if (model.things[size_t(t)].anchorIndex(member) >= 0)
            return ScriptSymbol{Kind::Anchor, owner, member};
    if (const int e = model.elementIndex(owner); e >= 0) {
        const Element& element = model.elements[size_t(e)];
        if (element.stateIndex(member) >= 0 || element.parameterIndex(member) >= 0)
            return ScriptSymbol{Kind::State, owner, member};
    }
    return std::nullopt;
}

// Walks the tokens statement by statement, knowing which definition it is in.
class Classifier {
public:
    Classifier(const SourceText& source, const Script& model) : m_source(source), m_model(model) {
        Diagnostics ignored;
        m_tokens = lex(source, ignored);
    }

    template <class Add>
    void run(Add add) {
        size_t start = 0;  // the current statement's first token
        std::string definition;
        for (size_t i = 0; i < m_tokens.size(); ++i) {
            if (is(i, TokenKind::Semicolon) || is(i, TokenKind::At)) {
                start = afterMarker(i);
                definition.clear();
                continue;
            }
            if (!is(i, TokenKind::Identifier)) continue;
            if (i == start && is(i + 1, TokenKind::Colon)) {
                statementHead(i, definition, add);
                continue;
            }
            if (auto symbol = classify(i, definition))
                add(Occurrence{m_tokens[i].range, declaresProperty(i, definition)}, *symbol);
        }
    }

private:
    bool is(size_t i, TokenKind kind) const {
        return i < m_tokens.size() && m_tokens[i].kind == kind;
    }
    std::string text(size_t i) const { return std::string(m_source.slice(m_tokens[i].range)); }

    // Where the statement after token `i` (a `;` or a `@`) starts: a marker's `+` and number
    // are not part of it.
    size_t afterMarker(size_t i) const {
        size_t start = i + 1;
        if (!is(i, TokenKind::At)) return start;
        if (is(start, TokenKind::Plus)) ++start;
        return is(start, TokenKind::Number) ? start + 1 : start;
    }

    // `Name : .kind` or `Name : 'file'` starts a definition; `label :` a labelled constraint.
    template <class Add>
    void statementHead(size_t i, std::string& definition, Add add) {
        const bool defines = is(i + 2, TokenKind::String) ||
                             (is(i + 2, TokenKind::Dot) && is(i + 3, TokenKind::Identifier));
        const std::string name = text(i);
        if (!defines) {
            add(Occurrence{m_tokens[i].range, true}, ScriptSymbol{Kind::Label, {}, name});
            return;
        }
        definition = name;
        if (auto symbol = topLevel(m_model, name); symbol && symbol->kind != Kind::Variable)
            add(Occurrence{m_tokens[i].range, true}, *symbol);
    }

    // A property's name: `name =` inside a definition.
    bool declaresProperty(size_t i, const std::string& definition) const {
        return !definition.empty() && is(i + 1, TokenKind::Equal) && !is(i - 1, TokenKind::Dot);
    }

    std::optional<ScriptSymbol> classify(size_t i, const std::string& definition) const {
        const std::string name = text(i);
        if (i >= 2 && is(i - 1, TokenKind::Dot)) {
            // `Owner.member`, where Owner starts the chain (not `A.B.member`).
            if (!is(i - 2, TokenKind::Identifier) || (i >= 3 && is(i - 3, TokenKind::Dot)))
                return std::nullopt;
            return memberOf(m_model, text(i - 2), name);
        }
        if (is(i + 1, TokenKind::LeftParen)) return std::nullopt;  // a function
        // In a thing's definition, its property names and bare names are its anchors; in an
        // element's, its property names are its states and parameters.
        if (!definition.empty() &&
            (m_model.thingIndex(definition) >= 0 || declaresProperty(i, definition)))
            return memberOf(m_model, definition, name);
        return topLevel(m_model, name);
    }

    const SourceText& m_source;
    const Script& m_model;
    std::vector<Token> m_tokens;
};

}  // namespace

SymbolOccurrences::SymbolOccurrences(const SourceText& source, const Script& model) {
    Classifier(source, model).run([this](Occurrence occurrence, ScriptSymbol symbol) {
        m_named.push_back({occurrence, std::move(symbol)});
    });
}

const SymbolOccurrences::Named* SymbolOccurrences::namedAt(uint32_t offset) const {
    for (const Named& named : m_named)
        if (named.occurrence.range.begin <= offset && offset <= named.occurrence.range.end)
            return &named;
    return nullptr;
}

std::optional<ScriptSymbol> SymbolOccurrences::symbolAt(uint32_t offset) const {
    const Named* named = namedAt(offset);
    return named ? std::optional(named->symbol) : std::nullopt;
}

std::optional<SourceRange> SymbolOccurrences::rangeAt(uint32_t offset) const {
    const Named* named = namedAt(offset);
    return named ? std::optional(named->occurrence.range) : std::nullopt;
}

std::vector<Occurrence> SymbolOccurrences::of(const ScriptSymbol& symbol) const {
    std::vector<Occurrence> found;
    for (const Named& named : m_named)
        if (named.symbol == symbol) found.push_back(named.occurrence);
    return found;
}

}  // namespace mv::lsp
