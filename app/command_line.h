#pragma once
// The command line of one sub-command, read by QCommandLineParser so every command follows the
// same conventions: `--help` (-h) prints that command's usage on standard output and exits 0,
// `--version` prints the version and exits 0, and an unknown option, a missing value or a wrong
// number of arguments prints the problem and a pointer to --help on standard error and exits 2.

#include <QCommandLineParser>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace mv::app {

class CommandLine {
public:
    // `command` is the sub-command's name ("" for the editor), `synopsis` its usage line after
    // the program's name, `description` a sentence or two on what it does.
    CommandLine(const QString& command, const QString& synopsis, const QString& description);

    QCommandLineParser& parser() { return m_parser; }

    // Reads `args` (what follows the command's name) expecting between `minFiles` and `maxFiles`
    // positional arguments. An exit code when the command is done here (help, version, usage
    // error); nothing when it should run.
    std::optional<int> parse(const std::vector<std::string>& args, int minFiles, int maxFiles);

    // A usage error found after parsing (a bad value): printed like the parser's own; returns 2.
    int usageError(const QString& message) const;

    QString helpText() const;
    // The first positional argument (the script file), as the bytes it was given in.
    std::string file() const;

private:
    QString m_command;
    QString m_synopsis;
    QCommandLineParser m_parser;
};

// "movimentum 0.2.0".
std::string versionLine();

}  // namespace mv::app
