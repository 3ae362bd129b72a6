// `movimentum format FILE [--check | --in-place]`: the script's layout as core/text/script_format.h
// makes it. Without an option the formatted text goes to standard output; `--check` prints
// nothing and exits 4 when formatting would change the file (for CI); `--in-place` rewrites the
// file through a temporary file beside it, so a full disk leaves it as it was. A script with
// syntax errors is not formatted: its diagnostics are printed and the exit code is 1.

#include <iostream>

#include "app/command_line.h"
#include "app/commands.h"
#include "app/input_file.h"
#include "core/text/parser.h"
#include "core/text/script_format.h"
#include "ui/files/file_replacement.h"

namespace mv::app {

int runFormat(const std::vector<std::string>& args) {
    CommandLine line("format", "format [options] FILE",
                     "Print the script laid out as `movimentum format` lays it out: layout only,\n"
                     "no token added, removed or reordered, comments as written.\n"
                     "Exit codes: 0 done, 1 syntax errors, 2 usage or I/O error, 4 --check found "
                     "a change.");
    line.parser().addPositionalArgument("FILE", "The script to format.");
    const QCommandLineOption check("check", "Change nothing; exit 4 if formatting would.");
    const QCommandLineOption inPlace("in-place", "Rewrite the file.");
    line.parser().addOptions({check, inPlace});
    if (const auto done = line.parse(args, 1, 1)) return *done;
    if (line.parser().isSet(check) && line.parser().isSet(inPlace))
        return line.usageError("--check and --in-place cannot be combined");
    const std::string file = line.file();
    std::string problem;
    std::optional<std::string> text = readInputFile(file, &problem);
    if (!text) {
        std::cerr << "movimentum format: " << problem << "\n";
        return kUsageError;
    }
    const SourceText source(file, std::move(*text));
    const std::optional<std::string> formatted = formatScript(source);
    if (!formatted) {
        Diagnostics diagnostics;
        parse(source, diagnostics);
        for (const Diagnostic& d : diagnostics.list())
            std::cerr << formatDiagnostic(source, d) << "\n";
        std::cerr << "movimentum format: " << file << " has syntax errors; it is not formatted\n";
        return kScriptErrors;
    }
    if (line.parser().isSet(check)) {
        if (*formatted == source.text()) return kSuccess;
        std::cerr << file << ": would be reformatted\n";
        return kWouldChange;
    }
    if (!line.parser().isSet(inPlace)) {
        std::cout << *formatted;
        return kSuccess;
    }
    if (*formatted == source.text()) return kSuccess;
    const QString failure =
        replaceFile(QString::fromStdString(file), QByteArray::fromStdString(*formatted));
    if (failure.isEmpty()) return kSuccess;
    std::cerr << "movimentum format: " << failure.toStdString() << "\n";
    return kUsageError;
}

}  // namespace mv::app
