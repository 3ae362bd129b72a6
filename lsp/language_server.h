#pragma once
// `movimentum lsp`: a language server (LSP 3.17) over standard input and output, for VS Code,
// Neovim, Emacs, Kate and Helix (docs/editors.md). Every rule is the one `check` and `solve`
// apply: the server compiles with core and solves with solver, as the command line does.
// Standard output carries protocol frames only; the log goes to `log`.
//
// Bad input gets an answer and the server goes on: unparsable JSON is -32700 (id null), a request
// before `initialize` -32002, an unknown method -32601 (unknown notifications and `$/…` are
// ignored), bad params -32602 naming the field. Broken framing ends it: one line on `log`, exit
// code 2. `shutdown` then `exit` ends with 0, `exit` alone with 1.

#include <iosfwd>

#include "lsp/document.h"

namespace mv::lsp {

// Serves until `exit` or the end of the input; the process's exit code.
int runLanguageServer(std::istream& in, std::ostream& out, std::ostream& log,
                      ImageResolverFactory images);

}  // namespace mv::lsp
