#pragma once
// Hover on the words of the language that name nothing of the script: a kind (`.pendulum`), the
// unit `°` and `deg`, `.config`, the vector method `.rotate` / `.r` and the vector members
// (`.x`, `.length`, …): what each means, citing docs/reference.md, and for `.config` this script's
// values. Angles keep their own rule (the hover does not reformat them).

#include <optional>
#include <string>

#include "core/model/script.h"
#include "core/text/source_text.h"

namespace mv::lsp {

// What the kind `word` (`pendulum`) is and the properties it takes, in Markdown; empty for a word
// that is no kind. Completion documents the kinds with it too.
std::string kindHelp(std::string_view word);

// The Markdown for the language word holding byte `offset` of `source` (whose model is `model`).
std::optional<std::string> keywordHover(const SourceText& source, const Script& model,
                                        uint32_t offset);

}  // namespace mv::lsp
