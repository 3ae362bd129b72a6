#pragma once
// Expressions of docs/reference.md#expressions-and-types by recursive descent, one function per
// precedence level, lowest first: comparison; + -; * /; unary -; ^ (right-associative); postfix °,
// deg, .member, .method(args); primary. Unary minus binds looser than ^, so -2^2 is -(2^2). Nesting
// is counted by a depth that both recursion and each link of an operator chain raise, so the depth
// of the tree it builds stays within kMaxExpressionDepth (parser.h) however the text nests; every
// later stage walks the tree recursively and relies on that.

#include "core/text/ast.h"
#include "core/text/token_cursor.h"

namespace mv {

class ExpressionParser {
public:
    explicit ExpressionParser(TokenCursor& cursor) : m_cursor(cursor) {}

    // A full expression with at most one comparison (`Ball.x.y < 5` as a property value).
    ast::ExprPtr expression();
    // An expression without comparison: each side of a constraint.
    ast::ExprPtr arithmetic();

private:
    // Restores the depth when a rule returns, however deep its loops went.
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

    bool deeper();
    template <typename OpOf>
    ast::ExprPtr binaryChain(ast::ExprPtr (ExpressionParser::*operand)(), OpOf opOf);
    ast::ExprPtr term();
    ast::ExprPtr unary();
    ast::ExprPtr power();
    ast::ExprPtr postfix();
    ast::ExprPtr member(ast::ExprPtr object);
    void arguments(ast::Expr& node);
    ast::ExprPtr primary();
    ast::ExprPtr nameOrCall();
    ast::ExprPtr parenthesized();
    ast::ExprPtr vector();

    TokenCursor& m_cursor;
    int m_depth = 0;
};

}  // namespace mv
