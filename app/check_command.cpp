// `movimentum check FILE`: compiles a script and prints its diagnostics the way compilers do, so
// editors and CI can jump to them. Exit 0 when there are no errors (warnings allowed), 1 on errors,
// 2 when the file cannot be read or the arguments are wrong.

#include <filesystem>
#include <iostream>

#include "app/command_line.h"
#include "app/commands.h"
#include "app/input_file.h"
#include "app/sized_images.h"
#include "core/compile.h"
#include "ui/export/headless_application.h"

namespace mv::app {

int runCheck(const std::vector<std::string>& args) {
    CommandLine line("check", "check [options] FILE",
                     "Print the script's problems as FILE:LINE:COLUMN: error: message.\n"
                     "Exit codes: 0 no errors, 1 errors in the script, 2 usage or I/O error.");
    line.parser().addPositionalArgument("FILE", "The script to check.");
    if (const auto done = line.parse(args, 1, 1)) return *done;
    const std::string file = line.file();
    std::string problem;
    std::optional<std::string> text = readInputFile(file, &problem);
    if (!text) {
        std::cerr << "movimentum check: " << problem << "\n";
        return kUsageError;
    }
    std::error_code error;
    const auto source = std::make_shared<const SourceText>(file, std::move(*text));
    const std::string folder = std::filesystem::absolute(file, error).parent_path().string();
    const HeadlessApplication application;
    const CompileResult result = compileScript(source, SizedImages(folder));
    bool errors = false;
    for (const Diagnostic& diagnostic : result.diagnostics) {
        std::cout << formatDiagnostic(*source, diagnostic) << "\n";
        errors = errors || diagnostic.severity == Severity::Error;
    }
    return errors ? kScriptErrors : kSuccess;
}

}  // namespace mv::app
