#pragma once
// The sub-commands of the `movimentum` program. Each takes the arguments after its name and returns
// the process exit code (ExitCode below, as docs/command-line.md lists them).

#include <string>
#include <vector>

namespace mv::app {

enum ExitCode : int {
    kSuccess = 0,
    kScriptErrors = 1,  // errors in the script
    kUsageError = 2,    // bad arguments, unreadable or unwritable files
    kFramesFailed = 3,  // frames that could not be solved
    kWouldChange = 4,   // `format --check`: formatting would change the file
};

int runCheck(const std::vector<std::string>& args);
int runSolve(const std::vector<std::string>& args);
int runRender(const std::vector<std::string>& args);
int runFormat(const std::vector<std::string>& args);
int runLanguageServerCommand(const std::vector<std::string>& args);
// The editor, with the program's whole command line (FILE may be left out: the pump sample).
int runEditor(int argc, char** argv);

}  // namespace mv::app
