#pragma once
// The names the language reserves (docs/reference.md#lexical-rules and #expressions-and-types): the
// time names `t`, `T`, `iv`, the constant `pi`, the unit `deg` and the functions. One table, so the
// analyzer's checks (a definition may not take a reserved name, a variable may not be one) and the
// function calls agree.

#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/expression.h"

namespace mv {

// The type an argument of a function must have. `Same` arguments must share one type (scalar or
// vector), and a `Same` result has that type: lerp([0,0], [1,1], s) is a vector.
enum class ArgumentType { Scalar, Vector, Same };

struct FunctionSignature {
    std::string_view name;
    ExprOp op;
    std::vector<ArgumentType> arguments;
    ArgumentType result;
};

// The unit `deg` and `°`: what a number of degrees is multiplied by.
inline constexpr double kRadiansPerDegree = std::numbers::pi / 180.0;

bool isReservedName(std::string_view name);
// Every reserved name once: the time names, `pi`, `deg`, then the functions (for completion).
std::vector<std::string_view> reservedNames();
bool isFunctionName(std::string_view name);
// The signature of `name` with `arity` arguments (angle has two), or null.
const FunctionSignature* findFunction(std::string_view name, size_t arity);
// The arities `name` accepts, for "takes 1 or 2 arguments" messages.
std::vector<size_t> functionArities(std::string_view name);
// "1 argument", "1 or 2 arguments": what `name` takes, in words.
std::string arityText(std::string_view name);

}  // namespace mv
