#pragma once
// The type rules of the language (docs/reference.md#expressions-and-types), one function per rule,
// in the order the reference lists them. The analyzers say which rule a piece of text falls under;
// the rule says what each part must be and what the whole is, and reports a clash in the user's
// terms: a variable typed elsewhere gets "x is a vector here but a scalar at 12:3", anything else
// names the place that needs the type ("a divisor must be a scalar, not a vector").
//
// TypeInference underneath only knows classes of type variables; the rules call it in the order
// the text is read, and the first use that fixes a type wins, so each rule is called as soon as its
// parts are resolved (an argument before the next argument is read).

#include <functional>
#include <string_view>
#include <vector>

#include "core/analysis/analysis_context.h"
#include "core/analysis/reserved_names.h"
#include "core/analysis/type_inference.h"
#include "core/text/ast.h"

namespace mv {

// A value being typed and the text that wrote it, which a message points at.
struct Operand {
    TypeVar type = 0;
    const ast::Expr& text;
};

class TypeRules {
public:
    explicit TypeRules(AnalysisContext& context) : m_context(context) {}

    TypeInference& inference() { return m_types; }

    // `[x, y]`: the components are scalars; the whole is a vector.
    TypeVar vectorOf(Operand x, Operand y, SourceRange whole);
    // `v + w`, `v - w`: both of one type, which the result has. `-v` keeps v's type.
    TypeVar sum(Operand a, Operand b, SourceRange op, bool plus);
    // `a * b`: a vector times a scalar (either way round) is a vector, two scalars a scalar, two
    // vectors an error. Decided once a factor's type is known (TypeInference::product).
    TypeVar product(Operand a, Operand b, SourceRange op, SourceRange whole);
    // `a / s`: the divisor is a scalar; the quotient has the dividend's type.
    TypeVar quotient(Operand dividend, Operand divisor);
    // `s ^ s`: scalars only.
    TypeVar power(Operand base, Operand exponent, SourceRange whole);
    // `s°`, `s deg`: a number of degrees is a scalar.
    TypeVar degrees(Operand value);
    // `v.x`, `v.length`, …: members of a vector, each of the type `member` gives.
    TypeVar member(Operand vector, std::string_view name, TypeKind member, SourceRange whole);
    // `v.rotate(a)`: a vector turned by a scalar angle is a vector.
    TypeVar rotation(Operand vector, Operand angle, std::string_view name, SourceRange whole);
    // Argument `index` of a call to `function` (written `name`): as its signature says; `Same`
    // arguments are matched by callResult once all are read.
    void argument(const FunctionSignature& function, std::string_view name, size_t index,
                  size_t count, Operand argument);
    // The `Same` arguments share one type; the result is the signature's, or theirs.
    TypeVar callResult(const FunctionSignature& function, std::string_view name,
                       const std::vector<Operand>& arguments, SourceRange whole);
    // A side of a comparison or of an inequality (`relation` is how it is spelled): a scalar.
    void comparisonSide(Operand side, std::string_view relation);
    // `lhs = rhs`: two sides of one type; `relation` is the `=`, for the message.
    void equalSides(Operand lhs, Operand rhs, SourceRange relation);
    // What element properties are: a guard is a scalar, a pivot a vector, a reset's value has the
    // type of the state it sets (`state` as the message names it: `Ball.x_d1`).
    void guard(Operand value);
    void pivot(Operand value);
    void resetValue(Operand value, ValueType stateType, std::string_view state);

    // Whether `expr` is a use of a variable (a plain name that is neither reserved nor defined,
    // or `_`): its type came from its uses, so a clash names where.
    bool isVariableUse(const ast::Expr& expr) const;

private:
    // Require `value` to be of `kind`; on a clash report "`context` must be …" or, for a variable
    // typed elsewhere, where that happened.
    void require(Operand value, TypeKind kind, std::string_view context);
    // Merge the types of two parts; on a clash report a variable typed elsewhere, or else
    // message(a's kind, b's kind) at `where`.
    void unify(Operand a, Operand b, SourceRange where,
               const std::function<DiagnosticMessage(TypeKind, TypeKind)>& message);
    void reportTypedElsewhere(const ast::Expr& use, SourceRange origin, TypeKind here,
                              TypeKind was);

    AnalysisContext& m_context;
    TypeInference m_types;
};

}  // namespace mv
