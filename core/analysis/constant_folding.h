#pragma once
// Evaluates the constant expressions of definitions while analysing them: anchor positions
// (`Q = P+[1,0]`), the numbers of .config and the properties of elements and interactions
// (`theta = 30°`, `g = [0,-9.81]`). Constants are numbers, vectors, pi, the operators, the
// functions of §7 and whatever bare names the caller supplies (a thing's earlier anchors).

#include <functional>
#include <optional>
#include <string>

#include "core/analysis/analysis_context.h"
#include "core/model/geometry.h"
#include "core/text/ast.h"

namespace mv {

struct Constant {
    bool vector = false;
    Vec2 value;  // a scalar in .x
};

// Supplies the value of a bare name, or reports why it has none and returns nullopt.
using ConstantLookup = std::function<std::optional<Constant>(const ast::Expr& name)>;

// The value of `expr`, or nullopt after reporting why it is not a constant (nothing is reported
// for parser error nodes). `what` names the value in messages ("an anchor", "fps").
std::optional<Constant> foldConstant(const ast::Expr& expr, AnalysisContext& context,
                                     const std::string& what, const ConstantLookup& lookup = {});

// A scalar constant, or nullopt after reporting a vector or a non-constant.
std::optional<double> foldScalar(const ast::Expr& expr, AnalysisContext& context,
                                 const std::string& what);
// A vector constant, or nullopt after reporting a scalar or a non-constant.
std::optional<Vec2> foldVector(const ast::Expr& expr, AnalysisContext& context,
                               const std::string& what, const ConstantLookup& lookup = {});

}  // namespace mv
