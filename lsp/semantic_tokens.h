#pragma once
// Semantic tokens (full): the lexer's tokens and the comments between them, each named by what
// the analyzer made of it. Types: class (thing), property (anchor, state, parameter, a
// definition's property), struct (element), event (interaction), variable, function, keyword
// (markers, `.config`, kinds), number, string, comment, operator; modifiers: declaration (a
// definition's name) and defaultLibrary (t, T, iv, pi, deg and the functions).

#include <vector>

#include "lsp/document.h"
#include "lsp/protocol.h"

namespace mv::lsp {

// The legend `initialize` announces.
Json semanticTokensLegend();
// The encoded data: five numbers a token, relative to the token before.
std::vector<uint32_t> semanticTokens(const Document& document, PositionEncoding encoding);

}  // namespace mv::lsp
