#pragma once
// Reading and writing script files. Saving goes through QSaveFile: the new text is written to a
// temporary file and renamed over the old one, so a crash or a full disk never leaves half a
// script behind.

#include <QString>

namespace mv {

bool readScriptFile(const QString& path, QString* text, QString* error);
bool writeScriptFile(const QString& path, const QString& text, QString* error);

}  // namespace mv
