// The `movimentum` program: `check`, `solve` and `render` run headless; anything else opens the
// editor. This file only picks the sub-command; each lives in its own *_command.cpp.

#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include "app/commands.h"

namespace {

void printUsage(std::ostream& out) {
    out << "usage: movimentum [FILE]                 open the editor (on the pump sample without "
           "FILE)\n"
           "       movimentum check FILE             print the script's diagnostics\n"
           "       movimentum solve FILE [--frames A:B] [--json]\n"
           "       movimentum render FILE -o OUT [--format png|gif|mp4] [--scale S] [--frames A:B] "
           "[--force]\n"
           "exit codes: 0 success, 1 errors in the script, 2 usage or I/O error, 3 frames not "
           "solved\n";
}

}  // namespace

namespace {

int runCommand(int argc, char** argv) {
    using namespace mv::app;
    if (argc >= 2 && (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h"))) {
        printUsage(std::cout);
        return kSuccess;
    }
    const std::vector<std::string> rest(argv + (argc >= 2 ? 2 : 1), argv + argc);
    const std::string command = argc >= 2 ? argv[1] : "";
    if (command == "check") return runCheck(rest);
    if (command == "solve") return runSolve(rest);
    if (command == "render") return runRender(rest);
    if (!command.empty() && command[0] == '-') {
        printUsage(std::cerr);
        return kUsageError;
    }
    return runEditor(argc, argv, command);
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
