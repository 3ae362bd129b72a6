#include "core/analysis/expression_resolver.h"

#include <algorithm>
#include <cctype>
#include <numbers>

#include "core/analysis/reserved_names.h"
#include "core/analysis/suggestion_candidates.h"
#include "core/diagnostics/name_suggestion.h"

namespace mv {

namespace {

const char* relationText(ast::Op op) {
    switch (op) {
        case ast::Op::Less:
            return "<";
        case ast::Op::LessEqual:
            return "<=";
        case ast::Op::Greater:
            return ">";
        case ast::Op::GreaterEqual:
            return ">=";
        default:
            return "=";
    }
}

}  // namespace

ExpressionResolver::ExpressionResolver(AnalysisContext& context, Script& script)
    : m_context(context), m_script(script), m_rules(context), m_types(m_rules.inference()) {}

Typed ExpressionResolver::make(ExprOp op, SourceRange range, TypeVar type,
                               std::vector<Typed> args) {
    auto node = std::make_shared<Expression>();
    node->op = op;
    node->range = range;
    for (Typed& arg : args) node->args.push_back(std::move(arg.node));
    Typed typed{std::move(node), type};
    m_nodes.push_back(typed);
    return typed;
}

Typed ExpressionResolver::makeKnown(ExprOp op, SourceRange range, TypeKind kind,
                                    std::vector<Typed> args) {
    return make(op, range, m_types.known(kind, range), std::move(args));
}

Typed ExpressionResolver::invalid(SourceRange range) {
    return makeKnown(ExprOp::Number, range, TypeKind::Invalid);
}

Typed ExpressionResolver::refuse(const ast::Expr& expr, const ResolveScope& scope,
                                 std::string_view what) {
    const std::string allowed = scope.allowed.empty() ? "" : "; it may read " + scope.allowed;
    m_context.report(expr.range, diag<DiagnosticId::CannotRead>(scope.what, what, allowed));
    return invalid(expr.range);
}

Typed ExpressionResolver::resolve(const ast::Expr& expr, const ResolveScope& scope) {
    switch (expr.kind) {
        case ast::ExprKind::Number: {
            Typed typed = makeKnown(ExprOp::Number, expr.range, TypeKind::Scalar);
            typed.node->number = expr.number;
            return typed;
        }
        case ast::ExprKind::String:
            m_context.report(expr.range, diag<DiagnosticId::StringAsValue>());
            return invalid(expr.range);
        case ast::ExprKind::Name:
            return resolveName(expr, scope);
        case ast::ExprKind::DontCare:
            return resolveVariable(expr, scope, true);
        case ast::ExprKind::Vector: {
            if (expr.args.size() != 2) return invalid(expr.range);
            Typed x = resolve(*expr.args[0], scope);
            Typed y = resolve(*expr.args[1], scope);
            const TypeVar type =
                m_rules.vectorOf({x.type, *expr.args[0]}, {y.type, *expr.args[1]}, expr.range);
            return make(ExprOp::MakeVector, expr.range, type, {x, y});
        }
        case ast::ExprKind::Unary:
            return resolveUnary(expr, scope);
        case ast::ExprKind::Binary:
            return resolveBinary(expr, scope);
        case ast::ExprKind::Compare:
            m_context.report(expr.range, diag<DiagnosticId::ComparisonAsValue>());
            return invalid(expr.range);
        case ast::ExprKind::Member:
            return resolveMember(expr, scope);
        case ast::ExprKind::Method:
            return resolveMethod(expr, scope);
        case ast::ExprKind::Call:
            return resolveCall(expr, scope);
        case ast::ExprKind::Error:
            return invalid(expr.range);  // the parser reported it
    }
    return invalid(expr.range);
}

Typed ExpressionResolver::resolveCall(const ast::Expr& expr, const ResolveScope& scope) {
    if (!isFunctionName(expr.text)) {
        m_context.report(expr.nameRange, suggestName(diag<DiagnosticId::UnknownFunction>(expr.text),
                                                     expr.text, functionNames()));
        return invalid(expr.range);
    }
    const FunctionSignature* signature = findFunction(expr.text, expr.args.size());
    if (!signature) {
        m_context.report(expr.range,
                         diag<DiagnosticId::WrongArgumentCount>(expr.text, arityText(expr.text),
                                                                std::to_string(expr.args.size())));
        return invalid(expr.range);
    }
    if (signature->op == ExprOp::AnchorVelocity || signature->op == ExprOp::AnchorAcceleration)
        return resolveAnchorMotion(expr, signature->op, scope);
    std::vector<Typed> args;
    std::vector<Operand> operands;
    for (size_t i = 0; i < expr.args.size(); ++i) {
        args.push_back(resolve(*expr.args[i], scope));
        operands.push_back({args.back().type, *expr.args[i]});
        m_rules.argument(*signature, expr.text, i, expr.args.size(), operands.back());
    }
    const TypeVar result = m_rules.callResult(*signature, expr.text, operands, expr.range);
    return make(signature->op, expr.range, result, std::move(args));
}

// vel(Thing.Anchor) and acc(Thing.Anchor) read how an anchor moves, which the mechanics knows (it
// differentiates the machine at its own times) but a constraint cannot: its frame is still being
// solved. The machine is differentiated twice, so they may appear only where their own rates are
// not needed beyond that: a region is only tested, a guard's rate (the wall's speed) needs vel's
// rate, the acceleration, but acc's would be a jerk, and a pivot's acceleration would need both
// one order higher. They take an anchor, not any vector.
Typed ExpressionResolver::resolveAnchorMotion(const ast::Expr& expr, ExprOp op,
                                              const ResolveScope& scope) {
    const int order = op == ExprOp::AnchorVelocity ? 1 : 2;
    if (order > scope.anchorMotion) {
        const char* why =
            scope.anchorMotion == 1
                ? "the wall's own speed would need the anchor's jerk (vel() it can read)"
                : "an anchor's velocity and acceleration can be read in a reflection's region, "
                  "and its velocity in a guard";
        m_context.report(expr.range,
                         diag<DiagnosticId::AnchorMotionTooDeep>(scope.what, expr.text, why));
        return invalid(expr.range);
    }
    const Typed anchor = resolve(*expr.args[0], scope);
    if (anchor.node->op != ExprOp::Anchor) {
        if (m_types.kind(anchor.type) != TypeKind::Invalid)
            m_context.report(expr.args[0]->range,
                             diag<DiagnosticId::AnchorMotionNeedsAnchor>(expr.text));
        return invalid(expr.range);
    }
    Typed typed = makeKnown(op, expr.range, TypeKind::Vector);
    typed.node->index = anchor.node->index;
    typed.node->sub = anchor.node->sub;
    return typed;
}

Typed ExpressionResolver::resolveUnary(const ast::Expr& expr, const ResolveScope& scope) {
    if (expr.args.size() != 1) return invalid(expr.range);
    Typed value = resolve(*expr.args[0], scope);
    const bool constant =
        value.node->op == ExprOp::Number && m_types.kind(value.type) == TypeKind::Scalar;
    if (expr.op == ast::Op::Degree) {
        if (constant) {
            value.node->number *= kRadiansPerDegree;
            value.node->range = expr.range;
            return value;
        }
        const TypeVar type = m_rules.degrees({value.type, *expr.args[0]});
        Typed factor = makeKnown(ExprOp::Number, expr.range, TypeKind::Scalar);
        factor.node->number = kRadiansPerDegree;
        return make(ExprOp::Multiply, expr.range, type, {value, factor});
    }
    if (constant) {
        value.node->number = -value.node->number;
        value.node->range = expr.range;
        return value;
    }
    return make(ExprOp::Negate, expr.range, value.type, {value});
}

SourceRange ExpressionResolver::operatorRange(const ast::Expr& binary) const {
    const std::string& text = m_context.source.text();
    uint32_t i = binary.args[0]->range.end;
    // The range is within the text, which core limits far below 4 GiB, so the minimum fits.
    const auto end =
        static_cast<uint32_t>(std::min<size_t>(binary.args[1]->range.begin, text.size()));
    while (i < end) {
        const char c = text[i];
        if (std::isspace(static_cast<unsigned char>(c)) || c == ')') {
            ++i;
        } else if (c == '/' && i + 1 < end && text[i + 1] == '/') {
            while (i < end && text[i] != '\n') ++i;
        } else if (c == '/' && i + 1 < end && text[i + 1] == '*') {
            const size_t close = text.find("*/", i + 2);
            i = close == std::string::npos ? end : static_cast<uint32_t>(close + 2);
        } else {
            const uint32_t length = i + 1 < end && text[i + 1] == '=' ? 2 : 1;
            return {i, i + length};
        }
    }
    return binary.range;
}

Typed ExpressionResolver::resolveBinary(const ast::Expr& expr, const ResolveScope& scope) {
    if (expr.args.size() != 2) return invalid(expr.range);
    const ast::Expr& leftExpr = *expr.args[0];
    const ast::Expr& rightExpr = *expr.args[1];
    Typed left = resolve(leftExpr, scope);
    Typed right = resolve(rightExpr, scope);
    const SourceRange op = operatorRange(expr);
    switch (expr.op) {
        case ast::Op::Plus:
        case ast::Op::Minus: {
            const bool plus = expr.op == ast::Op::Plus;
            const TypeVar type =
                m_rules.sum({left.type, leftExpr}, {right.type, rightExpr}, op, plus);
            return make(plus ? ExprOp::Add : ExprOp::Subtract, expr.range, type, {left, right});
        }
        case ast::Op::Times: {
            const TypeVar type =
                m_rules.product({left.type, leftExpr}, {right.type, rightExpr}, op, expr.range);
            return make(ExprOp::Multiply, expr.range, type, {left, right});
        }
        case ast::Op::Divide: {
            const TypeVar type = m_rules.quotient({left.type, leftExpr}, {right.type, rightExpr});
            return make(ExprOp::Divide, expr.range, type, {left, right});
        }
        case ast::Op::Power: {
            const TypeVar type =
                m_rules.power({left.type, leftExpr}, {right.type, rightExpr}, expr.range);
            return make(ExprOp::Power, expr.range, type, {left, right});
        }
        default:
            return invalid(expr.range);
    }
}

std::shared_ptr<Expression> ExpressionResolver::resolveCondition(const ast::Expr& expr,
                                                                 const ResolveScope& scope) {
    static constexpr std::pair<ast::Op, ExprOp> comparisons[] = {
        {ast::Op::Less, ExprOp::Less},
        {ast::Op::LessEqual, ExprOp::LessEqual},
        {ast::Op::Greater, ExprOp::Greater},
        {ast::Op::GreaterEqual, ExprOp::GreaterEqual},
    };
    const auto found = std::find_if(std::begin(comparisons), std::end(comparisons),
                                    [&](const auto& c) { return c.first == expr.op; });
    if (expr.kind != ast::ExprKind::Compare || expr.args.size() != 2 ||
        found == std::end(comparisons)) {
        if (expr.kind != ast::ExprKind::Error)
            m_context.report(expr.range, diag<DiagnosticId::ExpectedCondition>());
        return nullptr;
    }
    Typed left = resolve(*expr.args[0], scope);
    Typed right = resolve(*expr.args[1], scope);
    m_rules.comparisonSide({left.type, *expr.args[0]}, relationText(expr.op));
    m_rules.comparisonSide({right.type, *expr.args[1]}, relationText(expr.op));
    auto node = std::make_shared<Expression>();
    node->op = found->second;
    node->type = ValueType::Boolean;
    node->range = expr.range;
    node->args = {left.node, right.node};
    return node;
}

void ExpressionResolver::finish() {
    m_types.settle(m_variableTypes);
    for (Typed& typed : m_nodes) typed.node->type = m_types.valueType(typed.type);
    for (size_t i = 0; i < m_variableTypes.size(); ++i)
        m_script.variables[i].type = m_types.valueType(m_variableTypes[i]);
}

}  // namespace mv
