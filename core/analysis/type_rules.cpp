#include "core/analysis/type_rules.h"

#include <string>

namespace mv {

namespace {

TypeKind kindOf(ArgumentType type) {
    return type == ArgumentType::Vector ? TypeKind::Vector : TypeKind::Scalar;
}

std::string argumentName(std::string_view function, size_t index, size_t count) {
    const std::string which =
        count == 1 ? std::string("the argument") : "argument " + std::to_string(index + 1);
    return which + " of " + std::string(function);
}

}  // namespace

TypeVar TypeRules::vectorOf(Operand x, Operand y, SourceRange whole) {
    require(x, TypeKind::Scalar, "a vector component");
    require(y, TypeKind::Scalar, "a vector component");
    return m_types.known(TypeKind::Vector, whole);
}

TypeVar TypeRules::sum(Operand a, Operand b, SourceRange op, bool plus) {
    unify(a, b, op, [plus](TypeKind aKind, TypeKind bKind) {
        return plus ? diag<DiagnosticId::CannotAdd>(typeKindName(bKind), typeKindName(aKind))
                    : diag<DiagnosticId::CannotSubtract>(typeKindName(bKind), typeKindName(aKind));
    });
    return a.type;
}

TypeVar TypeRules::product(Operand a, Operand b, SourceRange op, SourceRange whole) {
    const TypeVar result = m_types.unknown(whole);
    m_types.product(result, a.type, b.type, op, [this, op](DiagnosticMessage message) {
        m_context.report(op, std::move(message));
    });
    return result;
}

TypeVar TypeRules::quotient(Operand dividend, Operand divisor) {
    require(divisor, TypeKind::Scalar, "a divisor");
    return dividend.type;
}

TypeVar TypeRules::power(Operand base, Operand exponent, SourceRange whole) {
    require(base, TypeKind::Scalar, "the base of ^");
    require(exponent, TypeKind::Scalar, "the exponent of ^");
    return m_types.known(TypeKind::Scalar, whole);
}

TypeVar TypeRules::degrees(Operand value) {
    require(value, TypeKind::Scalar, "a number of degrees");
    return value.type;
}

TypeVar TypeRules::member(Operand vector, std::string_view name, TypeKind member,
                          SourceRange whole) {
    require(vector, TypeKind::Vector, "the value before ." + std::string(name));
    return m_types.known(member, whole);
}

TypeVar TypeRules::rotation(Operand vector, Operand angle, std::string_view name,
                            SourceRange whole) {
    require(vector, TypeKind::Vector, "the value before ." + std::string(name));
    require(angle, TypeKind::Scalar, "the angle of ." + std::string(name));
    return m_types.known(TypeKind::Vector, whole);
}

void TypeRules::argument(const FunctionSignature& function, std::string_view name, size_t index,
                         size_t count, Operand argument) {
    const ArgumentType type = function.arguments[index];
    if (type == ArgumentType::Same) return;
    require(argument, kindOf(type), argumentName(name, index, count));
}

TypeVar TypeRules::callResult(const FunctionSignature& function, std::string_view name,
                              const std::vector<Operand>& arguments, SourceRange whole) {
    const Operand* first = nullptr;
    for (size_t i = 0; i < arguments.size(); ++i) {
        if (function.arguments[i] != ArgumentType::Same) continue;
        if (!first) {
            first = &arguments[i];
            continue;
        }
        unify(*first, arguments[i], arguments[i].text.range, [name](TypeKind a, TypeKind b) {
            return diag<DiagnosticId::ArgumentTypesDiffer>(std::string(name), typeKindName(a),
                                                           typeKindName(b));
        });
    }
    if (function.result == ArgumentType::Same && first) return first->type;
    return m_types.known(kindOf(function.result), whole);
}

void TypeRules::comparisonSide(Operand side, std::string_view relation) {
    require(side, TypeKind::Scalar, "each side of " + std::string(relation));
}

void TypeRules::equalSides(Operand lhs, Operand rhs, SourceRange relation) {
    unify(lhs, rhs, relation, [](TypeKind a, TypeKind b) {
        return diag<DiagnosticId::SidesDiffer>(typeKindName(a), typeKindName(b));
    });
}

void TypeRules::guard(Operand value) {
    require(value, TypeKind::Scalar, "a guard");
}

void TypeRules::pivot(Operand value) {
    require(value, TypeKind::Vector, "a pivot");
}

void TypeRules::resetValue(Operand value, ValueType stateType, std::string_view state) {
    require(value, stateType == ValueType::Vector ? TypeKind::Vector : TypeKind::Scalar,
            "the value of " + std::string(state));
}

bool TypeRules::isVariableUse(const ast::Expr& expr) const {
    if (expr.kind == ast::ExprKind::DontCare) return true;
    return expr.kind == ast::ExprKind::Name && !isReservedName(expr.text) &&
           !m_context.find(expr.text);
}

void TypeRules::reportTypedElsewhere(const ast::Expr& use, SourceRange origin, TypeKind here,
                                     TypeKind was) {
    const std::string name = use.kind == ast::ExprKind::DontCare ? "_" : use.text;
    m_context.report(use.range,
                     diag<DiagnosticId::TypedElsewhere>(name, typeKindName(here), typeKindName(was),
                                                        m_context.at(origin)));
}

void TypeRules::require(Operand value, TypeKind kind, std::string_view context) {
    const ast::Expr& expr = value.text;
    const std::optional<TypeClash> clash = m_types.require(value.type, kind, expr.range);
    if (!clash) return;
    if (isVariableUse(expr) && clash->origin != expr.range) {
        reportTypedElsewhere(expr, clash->origin, kind, clash->existing);
        return;
    }
    m_context.report(expr.range, diag<DiagnosticId::WrongType>(context, typeKindName(kind),
                                                               typeKindName(clash->existing)));
}

void TypeRules::unify(Operand a, Operand b, SourceRange where,
                      const std::function<DiagnosticMessage(TypeKind, TypeKind)>& message) {
    const TypeKind aKind = m_types.kind(a.type);
    const SourceRange aOrigin = m_types.origin(a.type);
    const std::optional<TypeClash> clash = m_types.unify(a.type, b.type);
    if (!clash) return;
    if (isVariableUse(b.text) && clash->origin != b.text.range) {
        reportTypedElsewhere(b.text, clash->origin, aKind, clash->existing);
    } else if (isVariableUse(a.text) && aOrigin != a.text.range) {
        reportTypedElsewhere(a.text, aOrigin, clash->existing, aKind);
    } else {
        m_context.report(where, message(aKind, clash->existing));
    }
}

}  // namespace mv
