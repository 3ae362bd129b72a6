#pragma once
// The lexer: script text -> tokens (docs/reference.md#lexical-rules). It never stops at a bad
// character: each one is reported with its range and the scan goes on, so the parser always gets a
// token list ending with EndOfFile. Bytes that are not valid UTF-8 are reported one by one and
// never read past the text.

#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/text/source_text.h"
#include "core/text/token.h"

namespace mv {

std::vector<Token> lex(const SourceText& source, Diagnostics& diagnostics);

// The comments lex() skipped between `tokens` (its result for `source`), in text order: for the
// tools that keep them (the formatter, the language server's highlighting). An unterminated
// block comment runs to the end of the text.
std::vector<SourceRange> commentsBetween(const SourceText& source,
                                         const std::vector<Token>& tokens);

}  // namespace mv
