// A recursive-descent parser with one function per grammar rule, after clox (Crafting
// Interpreters, ch. 6 and 17): the first error of a statement sets the panic flag, later errors are
// suppressed until synchronize() has skipped to the next `;` or `@`. Loops stop in panic mode, so
// every function returns promptly and always yields a node (an Error node where text was missing).
// Nesting is counted by a depth counter that both recursion and each link of an operator chain
// raise, so the tree depth stays within kMaxExpressionDepth however the text nests.

#include "core/parser.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

#include "core/lexer.h"

namespace mv {
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;
using ast::Op;

bool isRelation(TokenKind kind) {
    return kind == TokenKind::Equal || kind == TokenKind::Less || kind == TokenKind::LessEqual ||
           kind == TokenKind::Greater || kind == TokenKind::GreaterEqual;
}

Op relationOp(TokenKind kind) {
    switch (kind) {
        case TokenKind::Less: return Op::Less;
        case TokenKind::LessEqual: return Op::LessEqual;
        case TokenKind::Greater: return Op::Greater;
        case TokenKind::GreaterEqual: return Op::GreaterEqual;
        default: return Op::Equal;
    }
}

ast::Relation relationOf(TokenKind kind) {
    switch (kind) {
        case TokenKind::Less: return ast::Relation::Less;
        case TokenKind::LessEqual: return ast::Relation::LessEqual;
        case TokenKind::Greater: return ast::Relation::Greater;
        case TokenKind::GreaterEqual: return ast::Relation::GreaterEqual;
        default: return ast::Relation::Equal;
    }
}

ast::DefinitionKind kindOfWord(std::string_view word) {
    if (word == "bar") return ast::DefinitionKind::Bar;
    if (word == "pendulum") return ast::DefinitionKind::Pendulum;
    if (word == "point") return ast::DefinitionKind::Point;
    if (word == "swing") return ast::DefinitionKind::Swing;
    if (word == "gravity") return ast::DefinitionKind::Gravity;
    if (word == "reflection") return ast::DefinitionKind::Reflection;
    return ast::DefinitionKind::Unknown;
}

ExprPtr makeNode(ExprKind kind, SourceRange range) {
    auto node = std::make_unique<Expr>();
    node->kind = kind;
    node->range = range;
    return node;
}

ExprPtr makeOperation(ExprKind kind, Op op, SourceRange range, ExprPtr a, ExprPtr b = nullptr) {
    auto node = makeNode(kind, range);
    node->op = op;
    node->args.push_back(std::move(a));
    if (b) node->args.push_back(std::move(b));
    return node;
}

class Parser {
public:
    Parser(const SourceText& source, const std::vector<Token>& tokens, Diagnostics& diagnostics)
        : m_source(source), m_tokens(tokens), m_diagnostics(diagnostics) {}

    ast::Script script() {
        ast::Script script;
        while (!check(TokenKind::EndOfFile)) {
            if (check(TokenKind::At)) {
                script.steps.push_back(step(script));
            } else if (check(TokenKind::Dot)) {
                config(script);
            } else if (check(TokenKind::Identifier) && peek(1).kind == TokenKind::Colon) {
                script.definitions.push_back(definition());
            } else {
                errorAt(current(), "expected a definition ('Name : …;') or a time marker ('@')");
                synchronize();
            }
        }
        return script;
    }

    ExprPtr wholeExpression() {
        ExprPtr expr = expression();
        if (!m_panic && !check(TokenKind::EndOfFile))
            errorAt(current(), "unexpected text after the expression");
        return expr;
    }

private:
    // Restores the nesting depth when a rule returns, however deep its loops went.
    class DepthScope {
    public:
        explicit DepthScope(int& depth) : m_depth(depth), m_saved(depth) {}
        ~DepthScope() { m_depth = m_saved; }
        DepthScope(const DepthScope&) = delete;
        DepthScope& operator=(const DepthScope&) = delete;

    private:
        int& m_depth;
        int m_saved;
    };

    // ---- tokens ---------------------------------------------------------------------------------

    const Token& current() const { return m_tokens[m_index]; }
    const Token& peek(size_t ahead) const {
        return m_tokens[std::min(m_index + ahead, m_tokens.size() - 1)];
    }
    const Token& previous() const { return m_tokens[m_index == 0 ? 0 : m_index - 1]; }
    bool check(TokenKind kind) const { return current().kind == kind; }
    const Token& advance() {
        if (!check(TokenKind::EndOfFile)) ++m_index;
        return previous();
    }
    bool match(TokenKind kind) {
        if (!check(kind)) return false;
        advance();
        return true;
    }
    bool expect(TokenKind kind, const char* message) {
        if (match(kind)) return true;
        errorAt(current(), message);
        return false;
    }
    std::string_view text(const Token& token) const { return m_source.slice(token.range); }
    bool isWord(const Token& token, std::string_view word) const {
        return token.kind == TokenKind::Identifier && text(token) == word;
    }
    // The range from `first` to the last consumed token; just `first` when nothing was consumed.
    SourceRange rangeSince(size_t firstIndex) const {
        const SourceRange first = m_tokens[std::min(firstIndex, m_tokens.size() - 1)].range;
        if (m_index <= firstIndex) return first;
        return SourceRange::cover(first, previous().range);
    }

    // ---- errors ---------------------------------------------------------------------------------

    // Reports only the first error of a statement.
    void errorAt(const Token& token, std::string message) {
        if (m_panic) return;
        m_panic = true;
        if (!lexerReported(token)) m_diagnostics.error(token.range, std::move(message));
    }

    // The lexer already reported a stray character, and an unterminated string, which swallowed
    // the rest of its line, so the token after it is unexpected only as a consequence.
    bool lexerReported(const Token& unexpected) const {
        if (unexpected.kind == TokenKind::Invalid) return true;
        const Token& before = previous();
        if (m_index == 0 || before.kind != TokenKind::String) return false;
        const std::string_view body = text(before);
        return body.size() < 2 || body.back() != body.front();
    }

    // Skips to just after the next `;`, or to the next `@` or the end, and leaves panic mode.
    void synchronize() {
        while (!check(TokenKind::EndOfFile) && !check(TokenKind::At)) {
            if (advance().kind == TokenKind::Semicolon) break;
        }
        m_panic = false;
    }

    void endStatement(const char* message) {
        if (!m_panic && match(TokenKind::Semicolon)) return;
        errorAt(current(), message);
        synchronize();
    }

    bool deeper() {
        if (++m_depth <= kMaxExpressionDepth) return true;
        errorAt(current(), "the expression is nested too deeply");
        return false;
    }

    // ---- script structure -----------------------------------------------------------------------

    // `.config(fps, width, height);` — only before definitions, and only once.
    void config(ast::Script& script) {
        const size_t first = m_index;
        if (script.config || !script.definitions.empty())
            m_diagnostics.error(current().range,
                                "'.config(…)' must come first, before the definitions");
        advance();
        ast::Config config;
        if (!isWord(current(), "config")) errorAt(current(), "expected 'config' after '.'");
        match(TokenKind::Identifier);
        expect(TokenKind::LeftParen, "expected '(' after '.config'");
        config.fps = configValue(TokenKind::Comma);
        config.width = configValue(TokenKind::Comma);
        config.height = configValue(TokenKind::RightParen);
        config.range = rangeSince(first);
        endStatement("expected ';' after '.config(…)'");
        if (!script.config) script.config = std::move(config);
    }

    ExprPtr configValue(TokenKind after) {
        ExprPtr value = expression();
        expect(after, after == TokenKind::Comma
                          ? "'.config' needs three values: fps, width, height"
                          : "expected ')' after the three values of '.config'");
        return value;
    }

    // `Name : 'file.png' props;` or `Name : .kind props;` (the caller saw `Name :`).
    ast::Definition definition() {
        const size_t first = m_index;
        ast::Definition def;
        const Token& name = advance();
        def.name = std::string(text(name));
        def.nameRange = name.range;
        advance();  // ':'
        definitionKind(def);
        while (!m_panic && !check(TokenKind::Semicolon) && !check(TokenKind::At) &&
               !check(TokenKind::EndOfFile)) {
            if (check(TokenKind::Identifier) && peek(1).kind == TokenKind::Colon) {
                // The next definition begins: most likely this one lacks its `;`. Report it and
                // go on with the next one instead of skipping it.
                def.range = rangeSince(first);
                if (!lexerReported(current()))
                    m_diagnostics.error(current().range, "expected ';' after the definition");
                return def;
            }
            property(def);
        }
        def.range = rangeSince(first);
        endStatement("expected ';' after the definition");
        return def;
    }

    void definitionKind(ast::Definition& def) {
        if (check(TokenKind::String)) {
            def.kind = ast::DefinitionKind::Image;
            def.kindRange = current().range;
            def.imageFile = stringContent(advance());
            return;
        }
        if (!check(TokenKind::Dot)) {
            errorAt(current(), "expected a file name ('…') or a kind (.bar, .pendulum, …) after ':'");
            return;
        }
        const Token& dot = advance();
        if (!check(TokenKind::Identifier)) {
            errorAt(current(), "expected a kind after '.': bar, pendulum, point, swing, gravity or "
                               "reflection");
            return;
        }
        const Token& word = advance();
        def.kindRange = SourceRange::cover(dot.range, word.range);
        def.kind = kindOfWord(text(word));
        if (def.kind == ast::DefinitionKind::Unknown)
            m_diagnostics.error(word.range, "unknown kind '" + std::string(text(word)) +
                                                "': expected bar, pendulum, point, swing, "
                                                "gravity or reflection");
    }

    void property(ast::Definition& def) {
        if (!check(TokenKind::Identifier)) {
            errorAt(current(), "expected a property ('name = value') or ';'");
            return;
        }
        const size_t first = m_index;
        ast::Property property;
        const Token& name = advance();
        property.name = std::string(text(name));
        property.nameRange = name.range;
        if (!expect(TokenKind::Equal, "expected '=' after the property name")) return;
        property.value = expression();
        property.range = rangeSince(first);
        def.properties.push_back(std::move(property));
    }

    // `@ number` or `@+ number` and the statements up to the next marker. A marker without its
    // number is kept as `@+0`, which moves no time, so later stages add no errors about it.
    ast::Step step(ast::Script& script) {
        const size_t first = m_index;
        ast::Step step;
        advance();  // '@'
        step.relative = match(TokenKind::Plus);
        if (check(TokenKind::Number)) {
            step.time = advance().number;
        } else {
            errorAt(current(), "a time marker needs a number after '@'");
            step.relative = true;
        }
        step.markerRange = rangeSince(first);
        if (m_panic) synchronize();
        while (!check(TokenKind::At) && !check(TokenKind::EndOfFile)) statement(step, script);
        return step;
    }

    void statement(ast::Step& step, ast::Script& script) {
        if (check(TokenKind::Identifier) && peek(1).kind == TokenKind::Colon &&
            (peek(2).kind == TokenKind::String || peek(2).kind == TokenKind::Dot)) {
            m_diagnostics.error(current().range,
                                "definitions must come before the first time marker");
            script.misplacedDefinitions.push_back(definition());
            return;
        }
        const size_t first = m_index;
        std::optional<std::string> label;
        SourceRange labelRange;
        if (check(TokenKind::Identifier) && peek(1).kind == TokenKind::Colon) {
            label = std::string(text(current()));
            labelRange = advance().range;
            advance();  // ':'
        }
        ExprPtr lhs = additive();
        ast::Statement statement;
        if (!m_panic && check(TokenKind::ColonEqual)) {
            if (label) m_diagnostics.error(labelRange, "a reset (':=') cannot have a label");
            advance();
            statement.kind = ast::Statement::Kind::Reset;
            statement.reset.target = std::move(lhs);
            statement.reset.value = additive();
            statement.reset.range = rangeSince(first);
        } else {
            statement.constraint = constraint(std::move(lhs));
            statement.constraint.label = std::move(label);
            statement.constraint.labelRange = labelRange;
            statement.constraint.range = rangeSince(first);
        }
        endStatement(statement.kind == ast::Statement::Kind::Reset
                         ? "expected ';' after the reset"
                         : "expected ';' after the constraint");
        step.statements.push_back(std::move(statement));
    }

    ast::Constraint constraint(ExprPtr lhs) {
        ast::Constraint constraint;
        constraint.lhs = std::move(lhs);
        if (m_panic || !isRelation(current().kind)) {
            errorAt(current(), "expected '=', '<', '>', '<=', '>=' or ':=' after the expression");
            constraint.rhs = makeNode(ExprKind::Error, current().range);
            return constraint;
        }
        const Token& relation = advance();
        constraint.relation = relationOf(relation.kind);
        constraint.relationRange = relation.range;
        constraint.rhs = additive();
        if (!m_panic && isRelation(current().kind))
            errorAt(current(), "a constraint has one comparison; write two constraints");
        return constraint;
    }

    // ---- expressions, lowest precedence first ---------------------------------------------------

    ExprPtr expression() { return comparison(); }

    ExprPtr comparison() {
        ExprPtr left = additive();
        if (m_panic || !isRelation(current().kind)) return left;
        const Token& relation = advance();
        ExprPtr right = additive();
        const SourceRange range = SourceRange::cover(left->range, right->range);
        ExprPtr node = makeOperation(ExprKind::Compare, relationOp(relation.kind), range,
                                     std::move(left), std::move(right));
        if (!m_panic && isRelation(current().kind))
            errorAt(current(), "comparisons cannot be chained");
        return node;
    }

    ExprPtr additive() {
        return binaryChain(&Parser::multiplicative, [](TokenKind kind) {
            return kind == TokenKind::Plus ? Op::Plus : kind == TokenKind::Minus ? Op::Minus : Op::None;
        });
    }

    ExprPtr multiplicative() {
        return binaryChain(&Parser::unary, [](TokenKind kind) {
            return kind == TokenKind::Star ? Op::Times : kind == TokenKind::Slash ? Op::Divide : Op::None;
        });
    }

    // operand (op operand)*, left-associative; `opOf` says which tokens are this level's operators.
    template <typename OpOf>
    ExprPtr binaryChain(ExprPtr (Parser::*operand)(), OpOf opOf) {
        DepthScope scope(m_depth);
        ExprPtr left = (this->*operand)();
        while (!m_panic && opOf(current().kind) != Op::None && deeper()) {
            const Op op = opOf(advance().kind);
            ExprPtr right = (this->*operand)();
            const SourceRange range = SourceRange::cover(left->range, right->range);
            left = makeOperation(ExprKind::Binary, op, range, std::move(left), std::move(right));
        }
        return left;
    }

    // Unary minus binds looser than `^`: -2^2 is -(2^2).
    ExprPtr unary() {
        DepthScope scope(m_depth);
        if (!deeper()) return makeNode(ExprKind::Error, current().range);
        if (!check(TokenKind::Minus)) return power();
        const Token& minus = advance();
        ExprPtr operand = unary();
        const SourceRange range = SourceRange::cover(minus.range, operand->range);
        return makeOperation(ExprKind::Unary, Op::Minus, range, std::move(operand));
    }

    // Right-associative through the recursion into unary(): 2^3^2 is 2^(3^2), 2^-1 is 2^(-1).
    ExprPtr power() {
        ExprPtr base = postfix();
        if (m_panic || !check(TokenKind::Caret)) return base;
        advance();
        ExprPtr exponent = unary();
        const SourceRange range = SourceRange::cover(base->range, exponent->range);
        return makeOperation(ExprKind::Binary, Op::Power, range, std::move(base),
                             std::move(exponent));
    }

    // primary followed by `°`, `deg`, `.member` and `.method(args)` in any order.
    ExprPtr postfix() {
        DepthScope scope(m_depth);
        ExprPtr expr = primary();
        while (!m_panic) {
            if (check(TokenKind::Degree) || isWord(current(), "deg")) {
                if (!deeper()) break;
                const SourceRange range = SourceRange::cover(expr->range, advance().range);
                expr = makeOperation(ExprKind::Unary, Op::Degree, range, std::move(expr));
            } else if (check(TokenKind::Dot)) {
                if (!deeper()) break;
                expr = member(std::move(expr));
            } else {
                break;
            }
        }
        return expr;
    }

    ExprPtr member(ExprPtr object) {
        advance();  // '.'
        if (!check(TokenKind::Identifier)) {
            errorAt(current(), "expected a name after '.'");
            return object;
        }
        const Token& name = advance();
        const bool isMethod = check(TokenKind::LeftParen);
        auto node = makeNode(isMethod ? ExprKind::Method : ExprKind::Member, {});
        node->text = std::string(text(name));
        node->nameRange = name.range;
        const SourceRange objectRange = object->range;
        node->args.push_back(std::move(object));
        if (isMethod) arguments(*node);
        node->range = SourceRange::cover(objectRange, previous().range);
        return node;
    }

    // `( [expr (, expr)*] )`, appended to node.args.
    void arguments(Expr& node) {
        advance();  // '('
        if (!check(TokenKind::RightParen)) {
            do {
                node.args.push_back(expression());
            } while (!m_panic && match(TokenKind::Comma));
        }
        if (!m_panic) expect(TokenKind::RightParen, "expected ')' after the arguments");
    }

    ExprPtr primary() {
        const Token& token = current();
        switch (token.kind) {
            case TokenKind::Number: {
                auto node = makeNode(ExprKind::Number, advance().range);
                node->number = token.number;
                return node;
            }
            case TokenKind::String: {
                auto node = makeNode(ExprKind::String, advance().range);
                node->text = stringContent(token);
                return node;
            }
            case TokenKind::DontCare: return makeNode(ExprKind::DontCare, advance().range);
            case TokenKind::Identifier: return nameOrCall();
            case TokenKind::LeftParen: return parenthesized();
            case TokenKind::LeftBracket: return vector();
            default:
                errorAt(token, "expected an expression");
                return makeNode(ExprKind::Error, token.range);
        }
    }

    ExprPtr nameOrCall() {
        const Token& name = advance();
        const bool isCall = check(TokenKind::LeftParen);
        auto node = makeNode(isCall ? ExprKind::Call : ExprKind::Name, name.range);
        node->text = std::string(text(name));
        node->nameRange = name.range;
        if (isCall) {
            arguments(*node);
            node->range = SourceRange::cover(name.range, previous().range);
        }
        return node;
    }

    // The parentheses leave no node of their own; the inner expression's range grows to cover
    // them, so `(90 + 45)°` spans from `(` to `°`.
    ExprPtr parenthesized() {
        const Token& open = advance();
        ExprPtr inner = expression();
        if (!m_panic) expect(TokenKind::RightParen, "expected ')'");
        inner->range = SourceRange::cover(open.range, previous().range);
        return inner;
    }

    // `[x, y]`: always two components (Error nodes stand in for missing ones).
    ExprPtr vector() {
        const Token& open = advance();
        auto node = makeNode(ExprKind::Vector, open.range);
        node->args.push_back(expression());
        if (!m_panic && check(TokenKind::RightBracket))
            errorAt(current(), "a vector has two components: [x, y]");
        if (!m_panic) expect(TokenKind::Comma, "expected ',' after the vector's first component");
        node->args.push_back(m_panic ? makeNode(ExprKind::Error, current().range) : expression());
        if (!m_panic && check(TokenKind::Comma))
            errorAt(current(), "a vector has two components: [x, y]");
        if (!m_panic) expect(TokenKind::RightBracket, "expected ']'");
        node->range = SourceRange::cover(open.range, previous().range);
        return node;
    }

    // The text between the quotes (an unterminated string has only the opening one).
    std::string stringContent(const Token& token) const {
        std::string_view body = text(token);
        if (body.empty()) return {};
        body.remove_prefix(1);
        if (!body.empty() && body.back() == m_source.text()[token.range.begin]) body.remove_suffix(1);
        return std::string(body);
    }

    const SourceText& m_source;
    const std::vector<Token>& m_tokens;  // ends with EndOfFile
    Diagnostics& m_diagnostics;
    size_t m_index = 0;
    bool m_panic = false;
    int m_depth = 0;
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

ast::Script parse(const SourceText& source, Diagnostics& diagnostics) {
    Diagnostics lexerDiagnostics, parserDiagnostics;
    const std::vector<Token> tokens = lex(source, lexerDiagnostics);
    ast::Script script = Parser(source, tokens, parserDiagnostics).script();
    appendInOrder(diagnostics, lexerDiagnostics, parserDiagnostics);
    return script;
}

ast::ExprPtr parseExpression(const SourceText& source, Diagnostics& diagnostics) {
    Diagnostics lexerDiagnostics, parserDiagnostics;
    const std::vector<Token> tokens = lex(source, lexerDiagnostics);
    ast::ExprPtr expr = Parser(source, tokens, parserDiagnostics).wholeExpression();
    appendInOrder(diagnostics, lexerDiagnostics, parserDiagnostics);
    return expr;
}

}  // namespace mv
