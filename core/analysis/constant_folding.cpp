#include "core/analysis/constant_folding.h"

#include <cmath>
#include <numbers>

#include "core/analysis/reserved_names.h"
#include "core/analysis/suggestion_candidates.h"
#include "core/analysis/type_inference.h"
#include "core/diagnostics/name_suggestion.h"
#include "core/model/evaluate.h"

namespace mv {

namespace {

// A function of §7 on constant arguments runs through the same evaluator as everything else, so
// `ease`, `lerp` and `angle(v, w)` mean the same in a definition as in a constraint.
struct NoLeaves {
    Value<double> variable(uint32_t) const { return {}; }
    Value<double> anchor(uint32_t, uint32_t) const { return {}; }
    Value<double> state(uint32_t, uint32_t) const { return {}; }
    double parameter(uint32_t, uint32_t) const { return 0; }
    double localTime() const { return 0; }
    double absoluteTime() const { return 0; }
    double stepLength() const { return 0; }
};

std::shared_ptr<Expression> constantNode(const Constant& c) {
    auto number = [](double v) {
        auto node = std::make_shared<Expression>();
        node->number = v;
        return node;
    };
    if (!c.vector) return number(c.value.x);
    auto node = std::make_shared<Expression>();
    node->op = ExprOp::MakeVector;
    node->type = ValueType::Vector;
    node->args = {number(c.value.x), number(c.value.y)};
    return node;
}

class Folder {
public:
    Folder(AnalysisContext& context, const std::string& what, const ConstantLookup& lookup)
        : m_context(context), m_what(what), m_lookup(lookup) {}

    std::optional<Constant> fold(const ast::Expr& e) {
        switch (e.kind) {
            case ast::ExprKind::Number:
                return Constant{false, {e.number, 0}};
            case ast::ExprKind::Name:
                return name(e);
            case ast::ExprKind::Vector:
                return vector(e);
            case ast::ExprKind::Unary:
                return unary(e);
            case ast::ExprKind::Binary:
                return binary(e);
            case ast::ExprKind::Call:
                return call(e);
            case ast::ExprKind::Error:
                return std::nullopt;
            default:
                return notConstant(e);
        }
    }

private:
    std::optional<Constant> notConstant(const ast::Expr& e) {
        m_context.report(e.range, diag<DiagnosticId::NotConstant>(m_what));
        return std::nullopt;
    }

    std::optional<Constant> fail(const ast::Expr& e, DiagnosticMessage message) {
        m_context.report(e.range, std::move(message));
        return std::nullopt;
    }

    std::optional<Constant> name(const ast::Expr& e) {
        if (e.text == "pi") return Constant{false, {std::numbers::pi, 0}};
        if (m_lookup && !isReservedName(e.text)) return m_lookup(e);
        return notConstant(e);
    }

    std::optional<Constant> vector(const ast::Expr& e) {
        if (e.args.size() != 2) return std::nullopt;
        const auto x = fold(*e.args[0]);
        const auto y = fold(*e.args[1]);
        if (!x || !y) return std::nullopt;
        if (x->vector) return notScalar(*e.args[0], "a vector component");
        if (y->vector) return notScalar(*e.args[1], "a vector component");
        return Constant{true, {x->value.x, y->value.x}};
    }

    std::optional<Constant> unary(const ast::Expr& e) {
        if (e.args.size() != 1) return std::nullopt;
        auto value = fold(*e.args[0]);
        if (!value) return std::nullopt;
        // `30°` is 30 × π/180, folded as the resolver folds it.
        if (e.op == ast::Op::Degree)
            return Constant{value->vector, value->value * kRadiansPerDegree};
        return evaluated(ExprOp::Negate, {*value});
    }

    // The types checked as in a constraint (the same words), then the value from the evaluator
    // a constraint runs through, so `3 / 10` is the same double in an anchor and in a constraint.
    std::optional<Constant> binary(const ast::Expr& e) {
        if (e.args.size() != 2) return std::nullopt;
        const auto a = fold(*e.args[0]);
        const auto b = fold(*e.args[1]);
        if (!a || !b) return std::nullopt;
        switch (e.op) {
            case ast::Op::Plus:
            case ast::Op::Minus: {
                const bool plus = e.op == ast::Op::Plus;
                if (a->vector != b->vector)
                    return fail(
                        e, plus ? diag<DiagnosticId::CannotAdd>(kindName(*b), kindName(*a))
                                : diag<DiagnosticId::CannotSubtract>(kindName(*b), kindName(*a)));
                return evaluated(plus ? ExprOp::Add : ExprOp::Subtract, {*a, *b});
            }
            case ast::Op::Times:
                if (a->vector && b->vector) return fail(e, diag<DiagnosticId::VectorProduct>());
                return evaluated(ExprOp::Multiply, {*a, *b});
            case ast::Op::Divide:
                if (b->vector) return notScalar(*e.args[1], "a divisor");
                if (b->value.x == 0) return fail(e, diag<DiagnosticId::DivisionByZero>());
                return evaluated(ExprOp::Divide, {*a, *b});
            case ast::Op::Power:
                if (a->vector) return notScalar(*e.args[0], "the base of ^");
                if (b->vector) return notScalar(*e.args[1], "the exponent of ^");
                return evaluated(ExprOp::Power, {*a, *b});
            default:
                return notConstant(e);
        }
    }

    std::optional<Constant> notScalar(const ast::Expr& e, const char* what) {
        return fail(e, diag<DiagnosticId::WrongType>(what, typeKindName(TypeKind::Scalar),
                                                     typeKindName(TypeKind::Vector)));
    }

    // The type checker's words for a constant's type.
    static const char* kindName(const Constant& c) {
        return typeKindName(c.vector ? TypeKind::Vector : TypeKind::Scalar);
    }

    // `op` over constant operands, by the evaluator (types already checked): a vector when any
    // operand is one.
    static Constant evaluated(ExprOp op, const std::vector<Constant>& operands) {
        auto node = std::make_shared<Expression>();
        node->op = op;
        bool vector = false;
        for (const Constant& operand : operands) {
            node->args.push_back(constantNode(operand));
            vector = vector || operand.vector;
        }
        node->type = vector ? ValueType::Vector : ValueType::Scalar;
        const Value<double> v = evaluate<double>(*node, NoLeaves{});
        return Constant{vector, {v.x, vector ? v.y : 0}};
    }

    std::optional<Constant> call(const ast::Expr& e) {
        const FunctionSignature* signature = findFunction(e.text, e.args.size());
        if (!signature && !isFunctionName(e.text)) {
            m_context.report(e.nameRange, suggestName(diag<DiagnosticId::UnknownFunction>(e.text),
                                                      e.text, functionNames()));
            return std::nullopt;
        }
        if (!signature)
            return fail(e, diag<DiagnosticId::WrongArgumentCount>(e.text, arityText(e.text),
                                                                  std::to_string(e.args.size())));
        auto node = std::make_shared<Expression>();
        node->op = signature->op;
        for (size_t i = 0; i < e.args.size(); ++i) {
            const auto arg = fold(*e.args[i]);
            if (!arg) return std::nullopt;
            const ArgumentType wanted = signature->arguments[i];
            const bool ok =
                wanted == ArgumentType::Same || arg->vector == (wanted == ArgumentType::Vector);
            const bool sameAsFirst = wanted != ArgumentType::Same || i == 0 ||
                                     (node->args[0]->type == ValueType::Vector) == arg->vector;
            if (!ok || !sameAsFirst)
                return fail(*e.args[i], diag<DiagnosticId::ConstantArgumentType>(e.text));
            node->args.push_back(constantNode(*arg));
        }
        const bool vectorResult =
            signature->result == ArgumentType::Vector ||
            (signature->result == ArgumentType::Same && node->args[0]->type == ValueType::Vector);
        node->type = vectorResult ? ValueType::Vector : ValueType::Scalar;
        const Value<double> v = evaluate<double>(*node, NoLeaves{});
        if (!std::isfinite(v.x) || !std::isfinite(v.y))
            return fail(e, diag<DiagnosticId::NotFinite>(m_what));
        return Constant{vectorResult, {v.x, vectorResult ? v.y : 0}};
    }

    AnalysisContext& m_context;
    const std::string& m_what;
    const ConstantLookup& m_lookup;
};

}  // namespace

std::optional<Constant> foldConstant(const ast::Expr& expr, AnalysisContext& context,
                                     const std::string& what, const ConstantLookup& lookup) {
    return Folder(context, what, lookup).fold(expr);
}

std::optional<double> foldScalar(const ast::Expr& expr, AnalysisContext& context,
                                 const std::string& what) {
    const auto value = foldConstant(expr, context, what);
    if (!value) return std::nullopt;
    if (value->vector) {
        context.report(expr.range,
                       diag<DiagnosticId::WrongType>(what, typeKindName(TypeKind::Scalar),
                                                     typeKindName(TypeKind::Vector)));
        return std::nullopt;
    }
    return value->value.x;
}

std::optional<Vec2> foldVector(const ast::Expr& expr, AnalysisContext& context,
                               const std::string& what, const ConstantLookup& lookup) {
    const auto value = foldConstant(expr, context, what, lookup);
    if (!value) return std::nullopt;
    if (!value->vector) {
        context.report(expr.range,
                       diag<DiagnosticId::WrongType>(what, "a vector [x, y]", "a scalar"));
        return std::nullopt;
    }
    return value->value;
}

}  // namespace mv
