#pragma once
// A message's text, checked and repaired before nlohmann-json parses it. Two things the parser
// cannot take:
// - Nesting. Parsing is iterative, but copying and comparing a parsed value recurse once per
//   level, so 70,000 nested objects in `params` overflowed the stack. A message nested deeper than
//   kMaxJsonDepth is refused unparsed (InvalidRequest); no LSP message comes near it.
// - Lone UTF-16 surrogates (`"\ud800"`). JSON allows the escape, but the parser refuses any
//   string holding one, and with it the whole message (a whole `didOpen`). Each is replaced by
//   U+FFFD, the replacement character, as a UTF-16 decoder does.

#include <cstddef>
#include <string>
#include <string_view>

namespace mv::lsp {

inline constexpr size_t kMaxJsonDepth = 256;

// The deepest nesting of arrays and objects in `text`, brackets inside strings not counted; the
// count stops once it passes `limit`.
size_t jsonDepth(std::string_view text, size_t limit = kMaxJsonDepth);

// `text` with every `\uD800`–`\uDFFF` escape that is not half of a surrogate pair written as
// `\uFFFD`.
std::string withoutLoneSurrogates(std::string text);

}  // namespace mv::lsp
