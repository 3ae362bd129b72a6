#pragma once
// Turns a syntax-tree expression into a resolved Expression (core/model/expression.h): binds every
// name (variable, anchor, element state or parameter, time, pi), turns sugar into plain operations
// (`30°` is a product with pi/180, `.l` is Length, `angle(v, w)` is AngleBetween) and types every
// node through a TypeInference shared by the whole script, so `a = b; b = Crank.P` makes both
// vectors; each node's rule is in TypeRules (type_rules.h), which reports clashes in the user's
// terms. Node types are written when
// `finish()` has settled the inference; until then the nodes are private to the analyzer, which is
// why they are built mutable and published as const.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/analysis/analysis_context.h"
#include "core/analysis/type_rules.h"
#include "core/model/expression.h"
#include "core/model/script.h"
#include "core/text/ast.h"

namespace mv {

// Which leaves an expression may read. Constraints read everything; a reflection's guard only its
// target's positions, its parameters and constants; a reset's value no unknowns.
struct ResolveScope {
    bool variables = true;  // unknowns, `_` included
    bool anchors = true;
    bool localTime = true;     // t, iv
    bool absoluteTime = true;  // T
    // The highest derivative of an anchor it may read: 1 vel(Thing.Anchor), 2 acc(Thing.Anchor)
    // too.
    int anchorMotion = 0;
    int element = -1;  // >= 0: only this element's states and parameters
    const std::vector<uint32_t>* states = nullptr;  // non-null: only these states of `element`
    std::string what = "a constraint";              // "a guard", for messages
    std::string allowed;                            // what it may read instead, for messages
};

struct Typed {
    std::shared_ptr<Expression> node;
    TypeVar type = 0;
};

class ExpressionResolver {
public:
    // `script` receives the variables; its things and elements must be complete before any
    // expression that reads them is resolved.
    ExpressionResolver(AnalysisContext& context, Script& script);

    Typed resolve(const ast::Expr& expr, const ResolveScope& scope);
    // `a < b` and friends (a reflection's region): two scalars, a Boolean result.
    std::shared_ptr<Expression> resolveCondition(const ast::Expr& expr, const ResolveScope& scope);

    // The type rules the analyzers apply to what they resolve (a guard, a pivot, a constraint's
    // sides).
    TypeRules& rules() { return m_rules; }

    // Settle the types and write them into every node and variable.
    void finish();

private:
    Typed resolveName(const ast::Expr& expr, const ResolveScope& scope);
    Typed resolveVariable(const ast::Expr& expr, const ResolveScope& scope, bool anonymous);
    Typed resolveMember(const ast::Expr& expr, const ResolveScope& scope);
    Typed resolveDefinedMember(const ast::Expr& expr, const DefinedName& owner,
                               const ResolveScope& scope);
    Typed resolveVectorMember(const ast::Expr& expr, const ResolveScope& scope);
    Typed resolveMethod(const ast::Expr& expr, const ResolveScope& scope);
    Typed resolveCall(const ast::Expr& expr, const ResolveScope& scope);
    Typed resolveAnchorMotion(const ast::Expr& expr, ExprOp op, const ResolveScope& scope);
    Typed resolveUnary(const ast::Expr& expr, const ResolveScope& scope);
    Typed resolveBinary(const ast::Expr& expr, const ResolveScope& scope);
    Typed resolveState(const ast::Expr& expr, uint32_t element, const ResolveScope& scope);

    Typed make(ExprOp op, SourceRange range, TypeVar type, std::vector<Typed> args = {});
    Typed makeKnown(ExprOp op, SourceRange range, TypeKind kind, std::vector<Typed> args = {});
    Typed invalid(SourceRange range);
    Typed refuse(const ast::Expr& expr, const ResolveScope& scope, std::string_view what);
    SourceRange operatorRange(const ast::Expr& binary) const;

    AnalysisContext& m_context;
    Script& m_script;
    TypeRules m_rules;
    TypeInference& m_types;  // m_rules'
    std::map<std::string, VariableId, std::less<>> m_variableIds;
    std::vector<TypeVar> m_variableTypes;  // by VariableId
    std::vector<Typed> m_nodes;            // every node built, to receive its final type
};

}  // namespace mv
