#pragma once
// Parses a script or one expression from a string, for the parser's tests: the tree as an
// s-expression (core/text/ast_printer.h) or the diagnostics as FILE:LINE:COL lines.

#include <string>
#include <vector>

#include "core/text/ast_printer.h"
#include "core/text/parser.h"
#include "tests/core/diagnostic_lines.h"

namespace mv::test {

using Lines = std::vector<std::string>;

struct Parsed {
    SourceText source;
    Diagnostics diagnostics;
    ast::Script script;
};

inline Parsed parseText(std::string text) {
    Parsed result{SourceText("test.movimentum", std::move(text)), {}, {}};
    result.script = parse(result.source, result.diagnostics);
    return result;
}

// The s-expression of one expression, or the diagnostics when there are any.
inline std::string tree(const std::string& text) {
    const SourceText source("expr", text);
    Diagnostics diagnostics;
    const ast::ExprPtr expr = parseExpression(source, diagnostics);
    if (!diagnostics.empty()) return "error: " + diagnosticLines(source, diagnostics).front();
    return ast::print(*expr);
}

inline std::vector<std::string> errors(const std::string& text) {
    const Parsed parsed = parseText(text);
    return diagnosticLines(parsed.source, parsed.diagnostics);
}

}  // namespace mv::test
