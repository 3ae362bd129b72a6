// Straight recursion over the tree; the parser bounds its depth (kMaxExpressionDepth).

#include "core/text/ast_printer.h"

#include <string_view>

#include "core/text/number_chars.h"

namespace mv::ast {
namespace {

std::string number(double value) {
    char buffer[32];
    const auto result = numberToChars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

const char* opSpelling(Op op) {
    switch (op) {
        case Op::None:
            return "?";
        case Op::Plus:
            return "+";
        case Op::Minus:
            return "-";
        case Op::Times:
            return "*";
        case Op::Divide:
            return "/";
        case Op::Power:
            return "^";
        case Op::Degree:
            return "°";
        case Op::Less:
            return "<";
        case Op::LessEqual:
            return "<=";
        case Op::Greater:
            return ">";
        case Op::GreaterEqual:
            return ">=";
        case Op::Equal:
            return "=";
    }
    return "?";
}

const char* kindSpelling(DefinitionKind kind) {
    switch (kind) {
        case DefinitionKind::Image:
            return "image";
        case DefinitionKind::Bar:
            return ".bar";
        case DefinitionKind::Pendulum:
            return ".pendulum";
        case DefinitionKind::Point:
            return ".point";
        case DefinitionKind::Swing:
            return ".swing";
        case DefinitionKind::Gravity:
            return ".gravity";
        case DefinitionKind::Reflection:
            return ".reflection";
        case DefinitionKind::Mass:
            return ".mass";
        case DefinitionKind::Unknown:
            return ".?";
    }
    return ".?";
}

std::string printOrNull(const ExprPtr& expr) {
    return expr ? print(*expr) : "<null>";
}

// "a b …": the arguments separated by spaces.
std::string arguments(const Expr& expr) {
    std::string out;
    for (const ExprPtr& arg : expr.args) out += (out.empty() ? "" : " ") + printOrNull(arg);
    return out;
}

// "(head a b …)"
std::string list(std::string_view head, const Expr& expr) {
    const std::string args = arguments(expr);
    return "(" + std::string(head) + (args.empty() ? "" : " ") + args + ")";
}

std::string printDefinition(const Definition& def) {
    std::string out = "(def " + def.name + " ";
    out += def.kind == DefinitionKind::Image ? "'" + def.imageFile + "'" : kindSpelling(def.kind);
    for (const Property& property : def.properties)
        out += " (" + property.name + " " + printOrNull(property.value) + ")";
    return out + ")";
}

std::string printStatement(const Statement& statement) {
    if (statement.kind == Statement::Kind::Reset) {
        const Reset& reset = statement.reset;
        return "(:= " + printOrNull(reset.target) + " " + printOrNull(reset.value) + ")";
    }
    const Constraint& c = statement.constraint;
    const std::string out = "(" + std::string(relationSpelling(c.relation)) + " " +
                            printOrNull(c.lhs) + " " + printOrNull(c.rhs) + ")";
    return c.label ? "(" + *c.label + ": " + out + ")" : out;
}

}  // namespace

std::string print(const Expr& expr) {
    switch (expr.kind) {
        case ExprKind::Number:
            return number(expr.number);
        case ExprKind::String:
            return "'" + expr.text + "'";
        case ExprKind::Name:
            return expr.text;
        case ExprKind::DontCare:
            return "_";
        case ExprKind::Vector:
            return "[" + arguments(expr) + "]";
        case ExprKind::Unary:
        case ExprKind::Binary:
        case ExprKind::Compare:
            return list(opSpelling(expr.op), expr);
        case ExprKind::Member:
            return "(. " + arguments(expr) + " " + expr.text + ")";
        case ExprKind::Method:
        case ExprKind::Call:
            return list(expr.text, expr);
        case ExprKind::Error:
            return "<error>";
    }
    return "<error>";
}

std::string print(const Script& script) {
    std::string out;
    if (const auto& config = script.config) {
        out += "(config " + printOrNull(config->fps) + " " + printOrNull(config->width) + " " +
               printOrNull(config->height) + ")\n";
    }
    for (const Definition& def : script.definitions) out += printDefinition(def) + "\n";
    for (const Definition& def : script.misplacedDefinitions)
        out += "(misplaced " + printDefinition(def) + ")\n";
    for (const Step& step : script.steps) {
        out += std::string(step.relative ? "(@+ " : "(@ ") + number(step.time) + ")\n";
        for (const Statement& statement : step.statements)
            out += "  " + printStatement(statement) + "\n";
    }
    return out;
}

}  // namespace mv::ast
