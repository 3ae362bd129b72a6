#include "app/command_line.h"

#include <iostream>

#include "app/commands.h"
#include "core/text/printable.h"
#include "core/version.h"

namespace mv::app {

namespace {

const QCommandLineOption& helpOption() {
    static const QCommandLineOption option({"h", "help"}, "Print this help and exit.");
    return option;
}

const QCommandLineOption& versionOption() {
    static const QCommandLineOption option("version", "Print the version and exit.");
    return option;
}

}  // namespace

std::string versionLine() {
    return "movimentum " + std::string(kVersion);
}

CommandLine::CommandLine(const QString& command, const QString& synopsis,
                         const QString& description)
    : m_command(command.isEmpty() ? QStringLiteral("movimentum") : "movimentum " + command),
      m_synopsis(synopsis) {
    m_parser.setApplicationDescription(description);
    m_parser.addOption(helpOption());
    m_parser.addOption(versionOption());
}

// QCommandLineParser names the program from QCoreApplication, which does not exist yet when the
// arguments are read: the first line is ours.
QString CommandLine::helpText() const {
    const QString text = m_parser.helpText();
    return "Usage: movimentum " + m_synopsis + text.mid(text.indexOf('\n'));
}

std::string CommandLine::file() const {
    const QStringList files = m_parser.positionalArguments();
    return files.isEmpty() ? std::string() : files.front().toLocal8Bit().toStdString();
}

int CommandLine::usageError(const QString& message) const {
    std::cerr << printable(m_command.toStdString()) << ": " << printable(message.toStdString())
              << "\nTry '" << m_command.toStdString() << " --help' for its options.\n";
    return kUsageError;
}

std::optional<int> CommandLine::parse(const std::vector<std::string>& args, int minFiles,
                                      int maxFiles) {
    QStringList list{m_command};
    for (const std::string& arg : args) list << QString::fromLocal8Bit(arg);
    if (!m_parser.parse(list)) return usageError(m_parser.errorText());
    if (m_parser.isSet(helpOption())) {
        std::cout << helpText().toStdString();
        return kSuccess;
    }
    if (m_parser.isSet(versionOption())) {
        std::cout << versionLine() << '\n';
        return kSuccess;
    }
    const auto files = m_parser.positionalArguments().size();
    if (files < minFiles) return usageError(QStringLiteral("no script file given"));
    if (files > maxFiles)
        return usageError(
            QStringLiteral("unexpected argument '%1'").arg(m_parser.positionalArguments().last()));
    return std::nullopt;
}

}  // namespace mv::app
