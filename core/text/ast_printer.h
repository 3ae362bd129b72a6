#pragma once
// Prints a syntax tree as compact s-expressions, e.g. `(+ (. Crank P) (rotate [c 0] (* (° 180)
// t)))`, so tests can state the shape the parser built (precedence, associativity) in one readable
// line, and anyone debugging can see it.
//
// Expressions: numbers in shortest form, 'strings', names, `_`, `[x y]`, `(- a)` and `(° a)` for
// the unary operators, `(op a b)` for binary operators and comparisons, `(. object name)` for
// members,
// `(name object args…)` for methods, `(name args…)` for calls, `<error>` for Error nodes.
// Scripts: one line for the config, one per definition, one per marker with its statements on the
// following lines, each indented by two spaces.

#include <string>

#include "core/text/ast.h"

namespace mv::ast {

std::string print(const Expr& expr);
std::string print(const Script& script);

}  // namespace mv::ast
