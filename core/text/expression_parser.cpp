#include "core/text/expression_parser.h"

#include <utility>

#include "core/text/parser.h"

namespace mv {
namespace {

using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;
using ast::Op;

Op comparisonOp(TokenKind kind) {
    switch (kind) {
        case TokenKind::Equal:
            return Op::Equal;
        case TokenKind::Less:
            return Op::Less;
        case TokenKind::LessEqual:
            return Op::LessEqual;
        case TokenKind::Greater:
            return Op::Greater;
        case TokenKind::GreaterEqual:
            return Op::GreaterEqual;
        default:
            return Op::None;
    }
}

ExprPtr makeNode(ExprKind kind, SourceRange range) {
    auto node = std::make_unique<Expr>();
    node->kind = kind;
    node->range = range;
    return node;
}

ExprPtr makeOperation(ExprKind kind, Op op, ExprPtr a, ExprPtr b = nullptr) {
    auto node = makeNode(kind, b ? SourceRange::cover(a->range, b->range) : a->range);
    node->op = op;
    node->args.push_back(std::move(a));
    if (b) node->args.push_back(std::move(b));
    return node;
}

}  // namespace

bool ExpressionParser::deeper() {
    if (++m_depth <= kMaxExpressionDepth) return true;
    m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::NestedTooDeeply>());
    return false;
}

ExprPtr ExpressionParser::expression() {
    ExprPtr left = arithmetic();
    const Op op = comparisonOp(m_cursor.current().kind);
    if (m_cursor.panicking() || op == Op::None) return left;
    m_cursor.advance();
    ExprPtr node = makeOperation(ExprKind::Compare, op, std::move(left), arithmetic());
    if (!m_cursor.panicking() && comparisonOp(m_cursor.current().kind) != Op::None)
        m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::ChainedComparison>());
    return node;
}

ExprPtr ExpressionParser::arithmetic() {
    return binaryChain(&ExpressionParser::term, [](TokenKind kind) {
        return kind == TokenKind::Plus ? Op::Plus : kind == TokenKind::Minus ? Op::Minus : Op::None;
    });
}

ExprPtr ExpressionParser::term() {
    return binaryChain(&ExpressionParser::unary, [](TokenKind kind) {
        return kind == TokenKind::Star    ? Op::Times
               : kind == TokenKind::Slash ? Op::Divide
                                          : Op::None;
    });
}

// operand (op operand)*, left-associative; `opOf` says which tokens are this level's operators.
template <typename OpOf>
ExprPtr ExpressionParser::binaryChain(ExprPtr (ExpressionParser::*operand)(), OpOf opOf) {
    DepthScope scope(m_depth);
    ExprPtr left = (this->*operand)();
    while (!m_cursor.panicking() && opOf(m_cursor.current().kind) != Op::None && deeper()) {
        const Op op = opOf(m_cursor.advance().kind);
        ExprPtr right = (this->*operand)();
        left = makeOperation(ExprKind::Binary, op, std::move(left), std::move(right));
    }
    return left;
}

ExprPtr ExpressionParser::unary() {
    DepthScope scope(m_depth);
    if (!deeper()) return makeNode(ExprKind::Error, m_cursor.current().range);
    if (!m_cursor.check(TokenKind::Minus)) return power();
    const SourceRange minus = m_cursor.advance().range;
    ExprPtr node = makeOperation(ExprKind::Unary, Op::Minus, unary());
    node->range = SourceRange::cover(minus, node->range);
    return node;
}

// Right-associative through the recursion into unary(): 2^3^2 is 2^(3^2), 2^-1 is 2^(-1).
ExprPtr ExpressionParser::power() {
    ExprPtr base = postfix();
    if (m_cursor.panicking() || !m_cursor.match(TokenKind::Caret)) return base;
    return makeOperation(ExprKind::Binary, Op::Power, std::move(base), unary());
}

// A primary followed by `°`, `deg`, `.member` and `.method(args)` in any number and order.
ExprPtr ExpressionParser::postfix() {
    DepthScope scope(m_depth);
    ExprPtr expr = primary();
    while (!m_cursor.panicking()) {
        const bool degree =
            m_cursor.check(TokenKind::Degree) || m_cursor.isWord(m_cursor.current(), "deg");
        if (!degree && !m_cursor.check(TokenKind::Dot)) break;
        if (!deeper()) break;
        if (degree) {
            expr = makeOperation(ExprKind::Unary, Op::Degree, std::move(expr));
            expr->range = SourceRange::cover(expr->range, m_cursor.advance().range);
        } else {
            expr = member(std::move(expr));
        }
    }
    return expr;
}

ExprPtr ExpressionParser::member(ExprPtr object) {
    m_cursor.advance();  // '.'
    if (!m_cursor.check(TokenKind::Identifier)) {
        m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::ExpectedMemberName>());
        return object;
    }
    const Token& name = m_cursor.advance();
    const bool isMethod = m_cursor.check(TokenKind::LeftParen);
    auto node = makeNode(isMethod ? ExprKind::Method : ExprKind::Member, object->range);
    node->text = std::string(m_cursor.text(name));
    node->nameRange = name.range;
    node->args.push_back(std::move(object));
    if (isMethod) arguments(*node);
    node->range = SourceRange::cover(node->range, m_cursor.previous().range);
    return node;
}

// `( [expr (, expr)*] )`, appended to node.args.
void ExpressionParser::arguments(Expr& node) {
    m_cursor.advance();  // '('
    if (!m_cursor.check(TokenKind::RightParen)) {
        do {
            node.args.push_back(expression());
        } while (!m_cursor.panicking() && m_cursor.match(TokenKind::Comma));
    }
    if (!m_cursor.panicking())
        m_cursor.expect(TokenKind::RightParen, diag<DiagnosticId::ExpectedCloseArguments>());
}

ExprPtr ExpressionParser::primary() {
    const Token& token = m_cursor.current();
    switch (token.kind) {
        case TokenKind::Number: {
            auto node = makeNode(ExprKind::Number, m_cursor.advance().range);
            node->number = token.number;
            return node;
        }
        case TokenKind::String: {
            auto node = makeNode(ExprKind::String, m_cursor.advance().range);
            node->text = m_cursor.stringContent(token);
            return node;
        }
        case TokenKind::DontCare:
            return makeNode(ExprKind::DontCare, m_cursor.advance().range);
        case TokenKind::Identifier:
            return nameOrCall();
        case TokenKind::LeftParen:
            return parenthesized();
        case TokenKind::LeftBracket:
            return vector();
        default:
            m_cursor.errorAt(token, diag<DiagnosticId::ExpectedExpression>());
            return makeNode(ExprKind::Error, token.range);
    }
}

ExprPtr ExpressionParser::nameOrCall() {
    const Token& name = m_cursor.advance();
    const bool isCall = m_cursor.check(TokenKind::LeftParen);
    auto node = makeNode(isCall ? ExprKind::Call : ExprKind::Name, name.range);
    node->text = std::string(m_cursor.text(name));
    node->nameRange = name.range;
    if (isCall) {
        arguments(*node);
        node->range = SourceRange::cover(name.range, m_cursor.previous().range);
    }
    return node;
}

// The parentheses leave no node of their own; the inner expression's range grows to cover them,
// so `(90 + 45)°` spans from `(` to `°`.
ExprPtr ExpressionParser::parenthesized() {
    const SourceRange open = m_cursor.advance().range;
    ExprPtr inner = expression();
    if (!m_cursor.panicking())
        m_cursor.expect(TokenKind::RightParen, diag<DiagnosticId::ExpectedCloseParen>());
    inner->range = SourceRange::cover(open, m_cursor.previous().range);
    return inner;
}

// `[x, y]`: always two components, Error nodes standing in for missing ones.
ExprPtr ExpressionParser::vector() {
    const SourceRange open = m_cursor.advance().range;
    auto node = makeNode(ExprKind::Vector, open);
    node->args.push_back(expression());
    if (!m_cursor.panicking() && m_cursor.check(TokenKind::RightBracket))
        m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::VectorComponents>());
    if (!m_cursor.panicking())
        m_cursor.expect(TokenKind::Comma, diag<DiagnosticId::ExpectedVectorComma>());
    node->args.push_back(m_cursor.panicking() ? makeNode(ExprKind::Error, m_cursor.current().range)
                                              : expression());
    if (!m_cursor.panicking() && m_cursor.check(TokenKind::Comma))
        m_cursor.errorAt(m_cursor.current(), diag<DiagnosticId::VectorComponents>());
    if (!m_cursor.panicking())
        m_cursor.expect(TokenKind::RightBracket, diag<DiagnosticId::ExpectedCloseBracket>());
    node->range = SourceRange::cover(open, m_cursor.previous().range);
    return node;
}

}  // namespace mv
