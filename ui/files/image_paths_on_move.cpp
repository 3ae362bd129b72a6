#include "ui/files/image_paths_on_move.h"

#include <QDir>
#include <QFileInfo>

#include <vector>

#include "core/text/lexer.h"
#include "ui/editor/widget_positions.h"

namespace mv {

namespace {

// Where `name` (as written) points from `folder`, or empty when it is no file there.
QString fileFrom(const QString& folder, const QString& name) {
    if (name.isEmpty() || QFileInfo(name).isAbsolute()) return {};
    const QFileInfo file(QDir(folder).filePath(name));
    return file.isFile() ? file.absoluteFilePath() : QString();
}

}  // namespace

MovedText rebaseImagePaths(const QString& text, const QString& oldFolder,
                           const QString& newFolder) {
    MovedText moved{text, 0};
    if (QDir(oldFolder) == QDir(newFolder)) return moved;
    const std::string utf8 = text.toStdString();
    const SourceText source("", utf8);
    Diagnostics ignored;  // a script with errors is saved as it is; its strings still count
    const std::vector<Token> tokens = lex(source, ignored);
    const WidgetPositions positions(utf8);
    // From the last string to the first, so the positions before each edit stay valid.
    for (auto token = tokens.rbegin(); token != tokens.rend(); ++token) {
        if (token->kind != TokenKind::String) continue;
        const int begin = positions.toPosition(token->range.begin);
        const int end = positions.toPosition(token->range.end);
        const QChar quote = text[begin];
        if (end - begin < 2 || text[end - 1] != quote) continue;  // unterminated
        const QString name = text.mid(begin + 1, end - begin - 2);
        const QString file = fileFrom(oldFolder, name);
        if (file.isEmpty() || !fileFrom(newFolder, name).isEmpty()) continue;
        const QString reach = QDir(newFolder).relativeFilePath(file);
        if (reach.contains(quote)) continue;  // a string has no escapes
        moved.text.replace(begin + 1, end - begin - 2, reach);
        ++moved.rewritten;
    }
    return moved;
}

}  // namespace mv
