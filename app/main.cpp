// The `movimentum` program: `check`, `solve`, `render`, `format` and `lsp` run headless; anything
// else opens the editor. This file only picks the sub-command; each lives in its own *_command.cpp
// and reads its own options (command_line.h).

#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "app/command_line.h"
#include "app/commands.h"

namespace {

void printUsage(std::ostream& out) {
    out << "Usage: movimentum [FILE]              open the editor (on the pump sample without "
           "FILE)\n"
           "       movimentum check FILE          print the script's diagnostics\n"
           "       movimentum solve FILE          print every frame's numbers (--json, --csv)\n"
           "       movimentum render FILE -o OUT  export frames: png, svg, mp4, webm, gif, apng\n"
           "       movimentum format FILE         lay the script out (--check, --in-place)\n"
           "       movimentum lsp                 the language server, for other editors\n"
           "       movimentum COMMAND --help      that command's options\n"
           "       movimentum --version           print the version\n"
           "Exit codes: 0 success, 1 errors in the script, 2 usage or I/O error, 3 frames not "
           "solved,\n"
           "            4 `format --check` would change the file.\n";
}

int runCommand(int argc, char** argv) {
    using namespace mv::app;
    const std::string command = argc >= 2 ? argv[1] : "";
    if (command == "--help" || command == "-h") {
        printUsage(std::cout);
        return kSuccess;
    }
    if (command == "--version") {
        std::cout << versionLine() << '\n';
        return kSuccess;
    }
    const std::vector<std::string> rest(argv + (argc >= 2 ? 2 : 1), argv + argc);
    if (command == "check") return runCheck(rest);
    if (command == "solve") return runSolve(rest);
    if (command == "render") return runRender(rest);
    if (command == "format") return runFormat(rest);
    if (command == "lsp") return runLanguageServerCommand(rest);
    return runEditor(argc, argv);
}

}  // namespace

// An allocation that fails (a huge input under a memory limit) ends the command with a message and
// exit code 2, like any other input it cannot handle, instead of an abort and a core dump.
int main(int argc, char** argv) {
    try {
        return runCommand(argc, argv);
    } catch (const std::bad_alloc&) {
        std::cerr << "movimentum: out of memory; the input is too large for the memory available\n";
        return mv::app::kUsageError;
    }
}
