#pragma once
// Type checking in the user's terms, on top of TypeInference (which only knows classes of type
// variables): when a use disagrees with what a variable already is, the message names the variable
// and where it got its type ("x is a vector here but a scalar at 12:3"); otherwise it names the
// place that needs the type ("a divisor must be a scalar, not a vector").

#include <functional>
#include <string>
#include <string_view>

#include "core/analysis/analysis_context.h"
#include "core/analysis/type_inference.h"
#include "core/text/ast.h"

namespace mv {

class TypeChecker {
public:
    explicit TypeChecker(AnalysisContext& context) : m_context(context) {}

    TypeInference& inference() { return m_types; }

    // Require the value of `type`, written as `expr`, to be of `kind`; on a clash report "`context`
    // must be …" or, for a variable typed elsewhere, where that happened.
    void require(TypeVar type, const ast::Expr& expr, TypeKind kind, std::string_view context);
    // Merge the types of two operands; on a clash report a variable typed elsewhere, or else
    // message(a's kind, b's kind) at `where`.
    void unify(TypeVar a, const ast::Expr& aExpr, TypeVar b, const ast::Expr& bExpr,
               SourceRange where,
               const std::function<DiagnosticMessage(TypeKind, TypeKind)>& message);

    // Whether `expr` is a use of a variable (a plain name that is neither reserved nor defined,
    // or `_`).
    bool isVariableUse(const ast::Expr& expr) const;

private:
    void reportTypedElsewhere(const ast::Expr& use, SourceRange origin, TypeKind here,
                              TypeKind was);

    AnalysisContext& m_context;
    TypeInference m_types;
};

}  // namespace mv
