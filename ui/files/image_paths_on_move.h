#pragma once
// Save As into another folder: a script names its images relative to its own folder, so each
// name that found its file from the old folder and would not from the new one is rewritten to
// reach the same file from the new one (docs/editor.md). A string that is not such a file (a
// bar's colour, an image already missing) is left as written.

#include <QString>

namespace mv {

struct MovedText {
    QString text;       // the script with its image names rewritten
    int rewritten = 0;  // how many names changed
};

MovedText rebaseImagePaths(const QString& text, const QString& oldFolder, const QString& newFolder);

}  // namespace mv
