#pragma once
// The parser: tokens -> syntax tree (docs/reference.md#structure-of-a-script, #keys-and-lifetime,
// #expressions-and-types, #mechanics). It always returns a tree: on an error it reports once, skips
// to the next `;` or `@` (clox's panic mode) and goes on, so a script with several mistakes shows
// all of them and nothing more.

#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/text/ast.h"
#include "core/text/source_text.h"
#include "core/text/token.h"

namespace mv {

// Lexes and parses `source`. Lexer and parser diagnostics are appended in source order.
ast::Script parse(const SourceText& source, Diagnostics& diagnostics);

// Parses tokens that lex() made from `source` (the text is needed for names and strings).
ast::Script parse(const SourceText& source, const std::vector<Token>& tokens,
                  Diagnostics& diagnostics);

// The words a definition's `.word` may be (`bar`, `pendulum`, …) and the kinds they name; Unknown
// for any other word.
const std::vector<std::pair<std::string_view, ast::DefinitionKind>>& definitionKinds();
ast::DefinitionKind definitionKindOf(std::string_view word);

// One expression filling the whole text, e.g. "-2^2" or "Ball.x.y < 5"; for tests and tools.
ast::ExprPtr parseExpression(const SourceText& source, Diagnostics& diagnostics);

// Deepest nesting of expressions the parser accepts (see core/text/expression_parser.h). Every
// later stage walks the tree recursively, so the limit keeps all of them off the end of the stack.
constexpr int kMaxExpressionDepth = 200;

}  // namespace mv
