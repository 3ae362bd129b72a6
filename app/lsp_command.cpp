// `movimentum lsp [--stdio]`: the language server (lsp/language_server.h) on standard input and
// output. `--stdio` is accepted because clients pass it; standard input and output are the only
// transport. The images are resolved as `check` resolves them (decoded for their sizes), so the
// diagnostics are check's.

#include <iostream>

#include "app/commands.h"
#include "app/sized_images.h"
#include "lsp/language_server.h"
#include "ui/export/headless_application.h"

namespace mv::app {

int runLanguageServerCommand(const std::vector<std::string>& args) {
    for (const std::string& arg : args) {
        if (arg == "--stdio") continue;
        if (arg == "--help" || arg == "-h") {
            std::cout << "Usage: movimentum lsp [--stdio]\n"
                         "The language server (LSP 3.17) on standard input and output, for VS "
                         "Code, Neovim,\nEmacs, Kate and Helix (docs/editors.md).\n";
            return kSuccess;
        }
        std::cerr << "movimentum lsp: unknown argument '" << arg << "'\n";
        return kUsageError;
    }
    std::ios::sync_with_stdio(false);
    const HeadlessApplication application;
    return lsp::runLanguageServer(std::cin, std::cout, std::cerr, [](const std::string& folder) {
        return std::make_unique<SizedImages>(folder);
    });
}

}  // namespace mv::app
