// ExpressionResolver's second job: what a name in an expression stands for. A bare name is a
// built-in input, a parameter, a variable or `_`; `A.B` is an anchor, a state, a parameter of an
// element or a member of a vector; `v.rotate(a)` is the one method. The rest of the resolver
// (expression_resolver.cpp) types operators and calls over what these return.
#include "core/analysis/expression_resolver.h"

#include <algorithm>
#include <numbers>
#include <optional>

#include "core/analysis/reserved_names.h"
#include "core/analysis/suggestion_candidates.h"
#include "core/diagnostics/name_suggestion.h"

namespace mv {

namespace {

struct VectorMember {
    std::string_view name;
    ExprOp op;
    TypeKind result;
};

constexpr VectorMember kVectorMembers[] = {
    {"x", ExprOp::X, TypeKind::Scalar},           {"y", ExprOp::Y, TypeKind::Scalar},
    {"length", ExprOp::Length, TypeKind::Scalar}, {"l", ExprOp::Length, TypeKind::Scalar},
    {"angle", ExprOp::Angle, TypeKind::Scalar},   {"a", ExprOp::Angle, TypeKind::Scalar},
};

const VectorMember* findVectorMember(std::string_view name) {
    for (const VectorMember& m : kVectorMembers)
        if (m.name == name) return &m;
    return nullptr;
}

std::vector<std::string_view> vectorMemberNames() {
    std::vector<std::string_view> names;
    for (const VectorMember& m : kVectorMembers) names.push_back(m.name);
    return names;
}

TypeKind kindOf(ValueType type) {
    return type == ValueType::Vector ? TypeKind::Vector : TypeKind::Scalar;
}

// Why a definition that acts on the machine but has no value of its own (an interaction, a mass,
// the machine's gravity) cannot be read, or nothing for the other categories.
std::optional<DiagnosticMessage> hasNoValue(DefinedName::Category category,
                                            const std::string& name) {
    switch (category) {
        case DefinedName::Category::Interaction:
            return diag<DiagnosticId::InteractionAsValue>(name);
        case DefinedName::Category::Mass:
            return diag<DiagnosticId::MassAsValue>(name);
        case DefinedName::Category::MachineGravity:
            return diag<DiagnosticId::GravityAsValue>(name);
        default:
            return std::nullopt;
    }
}

}  // namespace

Typed ExpressionResolver::resolveName(const ast::Expr& expr, const ResolveScope& scope) {
    const std::string& name = expr.text;
    if (name == "t" || name == "iv") {
        if (!scope.localTime) return refuse(expr, scope, name);
        return makeKnown(name == "t" ? ExprOp::LocalTime : ExprOp::StepLength, expr.range,
                         TypeKind::Scalar);
    }
    if (name == "T") {
        if (!scope.absoluteTime) return refuse(expr, scope, name);
        return makeKnown(ExprOp::AbsoluteTime, expr.range, TypeKind::Scalar);
    }
    if (name == "pi") {
        Typed typed = makeKnown(ExprOp::Number, expr.range, TypeKind::Scalar);
        typed.node->number = std::numbers::pi;
        return typed;
    }
    if (name == "deg") {
        m_context.report(expr.range, diag<DiagnosticId::DegreeAlone>());
        return invalid(expr.range);
    }
    if (isFunctionName(name)) {
        m_context.report(expr.range, diag<DiagnosticId::FunctionAsValue>(name));
        return invalid(expr.range);
    }
    if (const DefinedName* defined = m_context.find(name)) {
        if (defined->category == DefinedName::Category::Thing)
            m_context.report(expr.range, diag<DiagnosticId::ThingAsValue>(name));
        if (defined->category == DefinedName::Category::Element)
            m_context.report(expr.range, diag<DiagnosticId::ElementAsValue>(name));
        if (auto message = hasNoValue(defined->category, name))
            m_context.report(expr.range, std::move(*message));
        return invalid(expr.range);
    }
    return resolveVariable(expr, scope, false);
}

Typed ExpressionResolver::resolveVariable(const ast::Expr& expr, const ResolveScope& scope,
                                          bool anonymous) {
    const std::string name = anonymous ? "_" : expr.text;
    if (!scope.variables)
        return refuse(expr, scope, anonymous ? "_" : "the unknown '" + name + "'");
    VariableId id;
    const auto known = anonymous ? m_variableIds.end() : m_variableIds.find(name);
    if (known != m_variableIds.end()) {
        id = known->second;
    } else {
        id = static_cast<VariableId>(m_script.variables.size());
        m_script.variables.push_back({name, ValueType::Scalar, anonymous, expr.range});
        m_variableTypes.push_back(m_types.unknown(expr.range));
        if (!anonymous) m_variableIds.emplace(name, id);
    }
    Typed typed = make(ExprOp::Variable, expr.range, m_variableTypes[id]);
    typed.node->index = id;
    return typed;
}

Typed ExpressionResolver::resolveMember(const ast::Expr& expr, const ResolveScope& scope) {
    if (expr.args.empty()) return invalid(expr.range);
    const ast::Expr& object = *expr.args[0];
    if (object.kind == ast::ExprKind::Name) {
        if (const DefinedName* defined = m_context.find(object.text))
            return resolveDefinedMember(expr, *defined, scope);
    }
    return resolveVectorMember(expr, scope);
}

Typed ExpressionResolver::resolveDefinedMember(const ast::Expr& expr, const DefinedName& owner,
                                               const ResolveScope& scope) {
    const std::string& ownerName = expr.args[0]->text;
    switch (owner.category) {
        case DefinedName::Category::Thing: {
            const Thing& thing = m_script.things[owner.index];
            const int anchor = thing.anchorIndex(expr.text);
            if (anchor < 0) {
                m_context.report(expr.nameRange, suggestName(diag<DiagnosticId::UnknownAnchor>(
                                                                 expr.text, ownerName),
                                                             expr.text, anchorNames(thing)));
                return invalid(expr.range);
            }
            if (!scope.anchors) return refuse(expr, scope, ownerName + "." + expr.text);
            Typed typed = makeKnown(ExprOp::Anchor, expr.range, TypeKind::Vector);
            typed.node->index = owner.index;
            typed.node->sub = static_cast<uint32_t>(anchor);
            return typed;
        }
        case DefinedName::Category::Element:
            return resolveState(expr, owner.index, scope);
        default:
            break;
    }
    if (auto message = hasNoValue(owner.category, ownerName))
        m_context.report(expr.args[0]->range, std::move(*message));
    return invalid(expr.range);
}

Typed ExpressionResolver::resolveState(const ast::Expr& expr, uint32_t elementId,
                                       const ResolveScope& scope) {
    const Element& element = m_script.elements[elementId];
    const std::string path = element.name + "." + expr.text;
    const bool otherElement =
        scope.element >= 0 && static_cast<uint32_t>(scope.element) != elementId;
    if (const int state = element.stateIndex(expr.text); state >= 0) {
        const auto sub = static_cast<uint32_t>(state);
        const bool excluded = scope.states && std::find(scope.states->begin(), scope.states->end(),
                                                        sub) == scope.states->end();
        if (otherElement || excluded) return refuse(expr, scope, path);
        Typed typed = makeKnown(ExprOp::ElementState, expr.range, kindOf(element.states[sub].type));
        typed.node->index = elementId;
        typed.node->sub = sub;
        return typed;
    }
    if (const int parameter = element.parameterIndex(expr.text); parameter >= 0) {
        if (otherElement) return refuse(expr, scope, path);
        Typed typed = makeKnown(ExprOp::ElementParam, expr.range, TypeKind::Scalar);
        typed.node->index = elementId;
        typed.node->sub = static_cast<uint32_t>(parameter);
        return typed;
    }
    m_context.report(expr.nameRange, suggestName(diag<DiagnosticId::UnknownStateOrParameter>(
                                                     expr.text, element.name),
                                                 expr.text, stateNames(element, true)));
    return invalid(expr.range);
}

Typed ExpressionResolver::resolveVectorMember(const ast::Expr& expr, const ResolveScope& scope) {
    const ast::Expr& object = *expr.args[0];
    const VectorMember* member = findVectorMember(expr.text);
    if (!member) {
        if (object.kind == ast::ExprKind::Name && m_rules.isVariableUse(object)) {
            m_context.report(
                object.range,
                suggestName(diag<DiagnosticId::UnknownThingOrElement>(object.text), object.text,
                            definedNames(m_context.names, {DefinedName::Category::Thing,
                                                           DefinedName::Category::Element})));
        } else {
            m_context.report(expr.nameRange,
                             suggestName(diag<DiagnosticId::UnknownVectorMember>(expr.text),
                                         expr.text, vectorMemberNames()));
        }
        return invalid(expr.range);
    }
    Typed value = resolve(object, scope);
    const TypeVar type =
        m_rules.member({value.type, object}, expr.text, member->result, expr.range);
    return make(member->op, expr.range, type, {value});
}

Typed ExpressionResolver::resolveMethod(const ast::Expr& expr, const ResolveScope& scope) {
    if (expr.args.empty()) return invalid(expr.range);
    if (expr.text != "rotate" && expr.text != "r") {
        m_context.report(expr.nameRange,
                         suggestName(diag<DiagnosticId::UnknownVectorMethod>(expr.text), expr.text,
                                     {"rotate", "r"}));
        return invalid(expr.range);
    }
    if (expr.args.size() != 2) {
        m_context.report(expr.range, diag<DiagnosticId::RotateArguments>(expr.text));
        return invalid(expr.range);
    }
    Typed value = resolve(*expr.args[0], scope);
    Typed angle = resolve(*expr.args[1], scope);
    const TypeVar type = m_rules.rotation({value.type, *expr.args[0]}, {angle.type, *expr.args[1]},
                                          expr.text, expr.range);
    return make(ExprOp::Rotate, expr.range, type, {value, angle});
}
}  // namespace mv
