// The statement level of the grammar (docs/reference.md#structure-of-a-script, #things-and-anchors,
// #keys-and-lifetime, #mechanics) by recursive descent; the expressions inside are
// ExpressionParser's, the token position and panic-mode recovery are TokenCursor's. Every rule
// returns what it could read, so the editor always has a tree.

#include "core/text/parser.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

#include "core/diagnostics/name_suggestion.h"
#include "core/text/expression_parser.h"
#include "core/text/lexer.h"
#include "core/text/token_cursor.h"

namespace mv {
namespace {

bool isRelation(TokenKind kind) {
    return kind == TokenKind::Equal || kind == TokenKind::Less || kind == TokenKind::LessEqual ||
           kind == TokenKind::Greater || kind == TokenKind::GreaterEqual;
}

ast::Relation relationOf(TokenKind kind) {
    switch (kind) {
        case TokenKind::Less:
            return ast::Relation::Less;
        case TokenKind::LessEqual:
            return ast::Relation::LessEqual;
        case TokenKind::Greater:
            return ast::Relation::Greater;
        case TokenKind::GreaterEqual:
            return ast::Relation::GreaterEqual;
        default:
            return ast::Relation::Equal;
    }
}

}  // namespace

const std::vector<std::pair<std::string_view, ast::DefinitionKind>>& definitionKinds() {
    static const std::vector<std::pair<std::string_view, ast::DefinitionKind>> kinds = {
        {"bar", ast::DefinitionKind::Bar},         {"pendulum", ast::DefinitionKind::Pendulum},
        {"point", ast::DefinitionKind::Point},     {"swing", ast::DefinitionKind::Swing},
        {"gravity", ast::DefinitionKind::Gravity}, {"reflection", ast::DefinitionKind::Reflection},
        {"mass", ast::DefinitionKind::Mass}};
    return kinds;
}

ast::DefinitionKind definitionKindOf(std::string_view word) {
    for (const auto& [name, kind] : definitionKinds())
        if (name == word) return kind;
    return ast::DefinitionKind::Unknown;
}

namespace {

// The words alone, for "did you mean".
std::vector<std::string_view> kindWords() {
    std::vector<std::string_view> words;
    for (const auto& [word, kind] : definitionKinds()) words.push_back(word);
    return words;
}

class Parser {
public:
    Parser(const SourceText& source, const std::vector<Token>& tokens, Diagnostics& diagnostics)
        : m_cursor(source, tokens, diagnostics), m_expressions(m_cursor) {}

    // script := config? definition* step*
    ast::Script script() {
        ast::Script script;
        while (!m_cursor.atEnd()) {
            if (m_cursor.check(TokenKind::At)) {
                script.steps.push_back(step(script));
            } else if (m_cursor.check(TokenKind::Dot)) {
                config(script);
            } else if (startsDefinition()) {
                script.definitions.push_back(definition());
            } else {
                m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::ExpectedStatement>());
                m_cursor.synchronize();
            }
        }
        return script;
    }

    ast::ExprPtr wholeExpression() {
        ast::ExprPtr expr = m_expressions.expression();
        if (!m_cursor.panicking() && !m_cursor.atEnd())
            m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::TextAfterExpression>());
        return expr;
    }

private:
    bool startsDefinition() const {
        return m_cursor.check(TokenKind::Identifier) && m_cursor.peek(1).kind == TokenKind::Colon;
    }

    // `.config(fps, width, height);` — only before the definitions, and only once.
    void config(ast::Script& script) {
        const size_t first = m_cursor.index();
        if (script.config || !script.definitions.empty())
            m_cursor.report(m_cursor.current().range, diag<DiagnosticId::ConfigNotFirst>());
        m_cursor.advance();  // '.'
        if (!m_cursor.isWord(m_cursor.current(), "config"))
            m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::ExpectedConfigWord>());
        m_cursor.match(TokenKind::Identifier);
        m_cursor.expect(TokenKind::LeftParen, diag<DiagnosticId::ExpectedConfigParen>());
        ast::Config config;
        config.fps = configValue(TokenKind::Comma);
        config.width = configValue(TokenKind::Comma);
        config.height = configValue(TokenKind::RightParen);
        config.range = m_cursor.rangeSince(first);
        m_cursor.endStatement(diag<DiagnosticId::ExpectedSemicolon>("'.config(…)'"));
        if (!script.config) script.config = std::move(config);
    }

    ast::ExprPtr configValue(TokenKind after) {
        ast::ExprPtr value = m_expressions.expression();
        m_cursor.expect(after, after == TokenKind::Comma
                                   ? diag<DiagnosticId::ConfigNeedsThreeValues>()
                                   : diag<DiagnosticId::ExpectedConfigClose>());
        return value;
    }

    // definition := Name ':' (String | '.' Word) property* ';'   (the caller saw `Name :`)
    ast::Definition definition() {
        const size_t first = m_cursor.index();
        ast::Definition def;
        const Token& name = m_cursor.advance();
        def.name = std::string(m_cursor.text(name));
        def.nameRange = name.range;
        m_cursor.advance();  // ':'
        definitionKind(def);
        while (!m_cursor.panicking() && !m_cursor.check(TokenKind::Semicolon) &&
               !m_cursor.check(TokenKind::At) && !m_cursor.atEnd()) {
            if (startsDefinition()) {
                // The next definition begins, so this one most likely lacks its `;`: report that
                // and go on with the next one instead of skipping it.
                def.range = m_cursor.rangeSince(first);
                if (!m_cursor.lexerReported(m_cursor.current()))
                    m_cursor.report(m_cursor.endOfPrevious(),
                                    diag<DiagnosticId::ExpectedSemicolon>("the definition"));
                return def;
            }
            property(def);
        }
        def.range = m_cursor.rangeSince(first);
        m_cursor.endStatement(diag<DiagnosticId::ExpectedSemicolon>("the definition"));
        return def;
    }

    void definitionKind(ast::Definition& def) {
        if (m_cursor.check(TokenKind::String)) {
            def.kind = ast::DefinitionKind::Image;
            def.kindRange = m_cursor.current().range;
            def.imageFile = m_cursor.stringContent(m_cursor.advance());
            return;
        }
        if (!m_cursor.check(TokenKind::Dot)) {
            m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::ExpectedDefinitionKind>());
            return;
        }
        const SourceRange dot = m_cursor.advance().range;
        if (!m_cursor.check(TokenKind::Identifier)) {
            m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::ExpectedKindWord>());
            return;
        }
        const Token& word = m_cursor.advance();
        def.kindRange = SourceRange::cover(dot, word.range);
        def.kind = definitionKindOf(m_cursor.text(word));
        if (def.kind == ast::DefinitionKind::Unknown)
            m_cursor.report(word.range,
                            suggestName(diag<DiagnosticId::UnknownKind>(m_cursor.text(word)),
                                        m_cursor.text(word), kindWords()));
    }

    // property := Name '=' expression. The value ends where no operator continues it, so
    // `A = [1,2] B = A+[0,1]` is two properties.
    void property(ast::Definition& def) {
        if (!m_cursor.check(TokenKind::Identifier)) {
            m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::ExpectedProperty>());
            return;
        }
        const size_t first = m_cursor.index();
        ast::Property property;
        const Token& name = m_cursor.advance();
        property.name = std::string(m_cursor.text(name));
        property.nameRange = name.range;
        if (!m_cursor.expect(TokenKind::Equal, diag<DiagnosticId::ExpectedPropertyEqual>())) return;
        property.value = m_expressions.expression();
        property.range = m_cursor.rangeSince(first);
        def.properties.push_back(std::move(property));
    }

    // step := '@' ['+'] Number statement*. A marker without its number is kept as `@+0`, which
    // moves no time, so later stages add no follow-up errors about it.
    ast::Step step(ast::Script& script) {
        const size_t first = m_cursor.index();
        ast::Step step;
        m_cursor.advance();  // '@'
        step.relative = m_cursor.match(TokenKind::Plus);
        if (m_cursor.check(TokenKind::Number)) {
            step.time = m_cursor.advance().number;
        } else {
            m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::MarkerWithoutNumber>());
            step.relative = true;
        }
        step.markerRange = m_cursor.rangeSince(first);
        if (m_cursor.panicking()) m_cursor.synchronize();
        while (!m_cursor.check(TokenKind::At) && !m_cursor.atEnd()) statement(step, script);
        return step;
    }

    // statement := [Label ':'] arithmetic rel arithmetic ';' | arithmetic ':=' arithmetic ';'
    // `Name :` before a file name or a `.kind` is a definition in the wrong place instead.
    void statement(ast::Step& step, ast::Script& script) {
        if (startsDefinition() && (m_cursor.peek(2).kind == TokenKind::String ||
                                   m_cursor.peek(2).kind == TokenKind::Dot)) {
            m_cursor.report(m_cursor.current().range, diag<DiagnosticId::DefinitionAfterMarker>());
            script.misplacedDefinitions.push_back(definition());
            return;
        }
        const size_t first = m_cursor.index();
        std::optional<std::string> label;
        SourceRange labelRange;
        if (startsDefinition()) {
            label = std::string(m_cursor.text(m_cursor.current()));
            labelRange = m_cursor.advance().range;
            m_cursor.advance();  // ':'
        }
        ast::ExprPtr lhs = m_expressions.arithmetic();
        ast::Statement statement;
        if (!m_cursor.panicking() && m_cursor.match(TokenKind::ColonEqual)) {
            if (label) m_cursor.report(labelRange, diag<DiagnosticId::LabelledReset>());
            statement.kind = ast::Statement::Kind::Reset;
            statement.reset.target = std::move(lhs);
            statement.reset.value = m_expressions.arithmetic();
            statement.reset.range = m_cursor.rangeSince(first);
            m_cursor.endStatement(diag<DiagnosticId::ExpectedSemicolon>("the reset"));
        } else {
            statement.constraint = constraint(std::move(lhs));
            statement.constraint.label = std::move(label);
            statement.constraint.labelRange = labelRange;
            statement.constraint.range = m_cursor.rangeSince(first);
            m_cursor.endStatement(diag<DiagnosticId::ExpectedSemicolon>("the constraint"));
        }
        step.statements.push_back(std::move(statement));
    }

    ast::Constraint constraint(ast::ExprPtr lhs) {
        ast::Constraint constraint;
        constraint.lhs = std::move(lhs);
        if (m_cursor.panicking() || !isRelation(m_cursor.current().kind)) {
            m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::ExpectedRelation>());
            constraint.rhs = std::make_unique<ast::Expr>();  // an Error node
            constraint.rhs->range = m_cursor.current().range;
            return constraint;
        }
        const Token& relation = m_cursor.advance();
        constraint.relation = relationOf(relation.kind);
        constraint.relationRange = relation.range;
        constraint.rhs = m_expressions.arithmetic();
        if (!m_cursor.panicking() && isRelation(m_cursor.current().kind))
            m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::TwoRelations>());
        return constraint;
    }

    TokenCursor m_cursor;
    ExpressionParser m_expressions;
};

// A token list that is safe to index: lex() always ends with EndOfFile, a caller's list might not.
std::vector<Token> terminated(std::vector<Token> tokens, const SourceText& source) {
    if (tokens.empty() || tokens.back().kind != TokenKind::EndOfFile) {
        const auto end = static_cast<uint32_t>(source.text().size());
        tokens.push_back({TokenKind::EndOfFile, {end, end}, 0});
    }
    return tokens;
}

// Lexer and parser each report in source order; merging them keeps the whole list in order.
void appendInOrder(Diagnostics& out, const Diagnostics& lexer, const Diagnostics& parser) {
    std::vector<Diagnostic> merged(lexer.list());
    merged.insert(merged.end(), parser.list().begin(), parser.list().end());
    std::stable_sort(merged.begin(), merged.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return a.range.begin < b.range.begin;
    });
    out.append(merged);
}

}  // namespace

ast::Script parse(const SourceText& source, const std::vector<Token>& tokens,
                  Diagnostics& diagnostics) {
    const std::vector<Token> safeTokens = terminated(tokens, source);
    return Parser(source, safeTokens, diagnostics).script();
}

namespace {

// Lexes, then runs `rule` of a Parser over the tokens, reporting both stages' diagnostics in
// source order.
template <class Rule>
auto lexAndParse(const SourceText& source, Diagnostics& diagnostics, Rule rule) {
    Diagnostics lexerDiagnostics, parserDiagnostics;
    const std::vector<Token> tokens = lex(source, lexerDiagnostics);
    Parser parser(source, tokens, parserDiagnostics);
    auto result = rule(parser);
    appendInOrder(diagnostics, lexerDiagnostics, parserDiagnostics);
    return result;
}

}  // namespace

ast::Script parse(const SourceText& source, Diagnostics& diagnostics) {
    return lexAndParse(source, diagnostics, [](Parser& parser) { return parser.script(); });
}

ast::ExprPtr parseExpression(const SourceText& source, Diagnostics& diagnostics) {
    return lexAndParse(source, diagnostics,
                       [](Parser& parser) { return parser.wholeExpression(); });
}

}  // namespace mv
