#include "core/analysis/reserved_names.h"

#include <array>

namespace mv {

namespace {

using enum ArgumentType;

const std::vector<FunctionSignature>& functions() {
    static const std::vector<FunctionSignature> table = {
        {"sqrt", ExprOp::Sqrt, {Scalar}, Scalar},
        {"sin", ExprOp::Sin, {Scalar}, Scalar},
        {"cos", ExprOp::Cos, {Scalar}, Scalar},
        {"tan", ExprOp::Tan, {Scalar}, Scalar},
        {"asin", ExprOp::Asin, {Scalar}, Scalar},
        {"acos", ExprOp::Acos, {Scalar}, Scalar},
        {"atan2", ExprOp::Atan2, {Scalar, Scalar}, Scalar},
        {"abs", ExprOp::Abs, {Scalar}, Scalar},
        {"min", ExprOp::Min, {Scalar, Scalar}, Scalar},
        {"max", ExprOp::Max, {Scalar, Scalar}, Scalar},
        {"clamp", ExprOp::Clamp, {Scalar, Scalar, Scalar}, Scalar},
        {"lerp", ExprOp::Lerp, {Same, Same, Scalar}, Same},
        {"ease", ExprOp::Ease, {Scalar}, Scalar},
        {"length", ExprOp::Length, {Vector}, Scalar},
        {"angle", ExprOp::Angle, {Vector}, Scalar},
        {"angle", ExprOp::AngleBetween, {Vector, Vector}, Scalar},
        {"dot", ExprOp::Dot, {Vector, Vector}, Scalar},
        {"cross", ExprOp::Cross, {Vector, Vector}, Scalar},
        // Their argument must be an anchor, which the resolver checks (resolveAnchorMotion).
        {"vel", ExprOp::AnchorVelocity, {Vector}, Vector},
        {"acc", ExprOp::AnchorAcceleration, {Vector}, Vector},
    };
    return table;
}

constexpr std::array<std::string_view, 5> kReservedWords = {"t", "T", "iv", "pi", "deg"};

}  // namespace

bool isFunctionName(std::string_view name) {
    return !functionArities(name).empty();
}

bool isReservedName(std::string_view name) {
    for (std::string_view word : kReservedWords)
        if (word == name) return true;
    return isFunctionName(name);
}

std::vector<std::string_view> reservedNames() {
    std::vector<std::string_view> names(kReservedWords.begin(), kReservedWords.end());
    for (const FunctionSignature& f : functions())
        if (names.back() != f.name) names.push_back(f.name);  // overloads are adjacent
    return names;
}

const FunctionSignature* findFunction(std::string_view name, size_t arity) {
    for (const FunctionSignature& f : functions())
        if (f.name == name && f.arguments.size() == arity) return &f;
    return nullptr;
}

std::vector<size_t> functionArities(std::string_view name) {
    std::vector<size_t> arities;
    for (const FunctionSignature& f : functions())
        if (f.name == name) arities.push_back(f.arguments.size());
    return arities;
}

std::string arityText(std::string_view name) {
    const std::vector<size_t> arities = functionArities(name);
    std::string text;
    for (size_t i = 0; i < arities.size(); ++i) {
        if (i > 0) text += " or ";
        text += std::to_string(arities[i]);
    }
    return text + (arities.size() == 1 && arities[0] == 1 ? " argument" : " arguments");
}

}  // namespace mv
