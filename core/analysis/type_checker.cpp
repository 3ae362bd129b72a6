#include "core/analysis/type_checker.h"

#include "core/analysis/reserved_names.h"

namespace mv {

bool TypeChecker::isVariableUse(const ast::Expr& expr) const {
    if (expr.kind == ast::ExprKind::DontCare) return true;
    return expr.kind == ast::ExprKind::Name && !isReservedName(expr.text) &&
           !m_context.find(expr.text);
}

void TypeChecker::reportTypedElsewhere(const ast::Expr& use, SourceRange origin, TypeKind here,
                                       TypeKind was) {
    const std::string name = use.kind == ast::ExprKind::DontCare ? "_" : use.text;
    m_context.report(use.range,
                     diag<DiagnosticId::TypedElsewhere>(name, typeKindName(here), typeKindName(was),
                                                        m_context.at(origin)));
}

void TypeChecker::require(TypeVar type, const ast::Expr& expr, TypeKind kind,
                          std::string_view context) {
    const std::optional<TypeClash> clash = m_types.require(type, kind, expr.range);
    if (!clash) return;
    if (isVariableUse(expr) && clash->origin != expr.range) {
        reportTypedElsewhere(expr, clash->origin, kind, clash->existing);
        return;
    }
    m_context.report(expr.range, diag<DiagnosticId::WrongType>(context, typeKindName(kind),
                                                               typeKindName(clash->existing)));
}

void TypeChecker::unify(TypeVar a, const ast::Expr& aExpr, TypeVar b, const ast::Expr& bExpr,
                        SourceRange where,
                        const std::function<DiagnosticMessage(TypeKind, TypeKind)>& message) {
    const TypeKind aKind = m_types.kind(a);
    const SourceRange aOrigin = m_types.origin(a);
    const std::optional<TypeClash> clash = m_types.unify(a, b);
    if (!clash) return;
    if (isVariableUse(bExpr) && clash->origin != bExpr.range) {
        reportTypedElsewhere(bExpr, clash->origin, aKind, clash->existing);
    } else if (isVariableUse(aExpr) && aOrigin != aExpr.range) {
        reportTypedElsewhere(aExpr, aOrigin, clash->existing, aKind);
    } else {
        m_context.report(where, message(aKind, clash->existing));
    }
}

}  // namespace mv
