#pragma once
// Reading and writing script files. Saving goes through QSaveFile: the new text is written to a
// temporary file and renamed over the old one, so a crash or a full disk never leaves half a
// script behind. Reading takes only a regular file of at most kMaxScriptBytes
// (core/diagnostics/limits.h), so opening a device or a huge file cannot hang or exhaust the
// editor.

#include <QByteArray>
#include <QString>

#include <optional>

namespace mv {

struct ScriptFileText {
    QString text;
    QByteArray bytes;          // as on disk, to tell later whether the file changed
    int firstNonUtf8Line = 0;  // 1-based; 0 when the whole file is UTF-8
};

std::optional<ScriptFileText> readScript(const QString& path, QString* error);
// The file's bytes, or nothing when it cannot be read (missing, not a regular file, too large).
std::optional<QByteArray> readScriptBytes(const QString& path, QString* error);
bool readScriptFile(const QString& path, QString* text, QString* error);
bool writeScriptFile(const QString& path, const QString& text, QString* error);

}  // namespace mv
