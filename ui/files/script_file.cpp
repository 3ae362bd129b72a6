#include "ui/files/script_file.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStringDecoder>

#include "core/diagnostics/limits.h"

namespace mv {

namespace {

QString cannotOpen(const QString& path, const QString& why) {
    return QObject::tr("Cannot open %1: %2").arg(path, why);
}

// The first line with bytes that are not UTF-8, or 0. Line by line, so the answer is a line the
// user can look at.
int firstNonUtf8Line(const QByteArray& bytes) {
    int line = 1;
    for (qsizetype start = 0; start <= bytes.size(); ++line) {
        qsizetype end = bytes.indexOf('\n', start);
        if (end < 0) end = bytes.size();
        QStringDecoder decoder(QStringDecoder::Utf8);
        const QString decoded = decoder(QByteArrayView(bytes).sliced(start, end - start));
        if (decoder.hasError()) return line;
        start = end + 1;
    }
    return 0;
}

}  // namespace

std::optional<QByteArray> readScriptBytes(const QString& path, QString* error) {
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = cannotOpen(path, QObject::tr("no such file"));
        return std::nullopt;
    }
    if (info.isDir() || !info.isFile()) {
        *error = cannotOpen(path, info.isDir() ? QObject::tr("it is a folder")
                                               : QObject::tr("it is not a regular file"));
        return std::nullopt;
    }
    const QString tooLarge =
        QObject::tr("it is larger than %1 MiB").arg(kMaxScriptBytes / (1024 * 1024));
    if (static_cast<std::size_t>(info.size()) > kMaxScriptBytes) {
        *error = cannotOpen(path, tooLarge);
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = cannotOpen(path, file.errorString());
        return std::nullopt;
    }
    QByteArray bytes = file.read(static_cast<qint64>(kMaxScriptBytes) + 1);  // it may have grown
    if (static_cast<std::size_t>(bytes.size()) > kMaxScriptBytes) {
        *error = cannotOpen(path, tooLarge);
        return std::nullopt;
    }
    return bytes;
}

std::optional<ScriptFileText> readScript(const QString& path, QString* error) {
    auto bytes = readScriptBytes(path, error);
    if (!bytes) return std::nullopt;
    ScriptFileText read;
    read.text = QString::fromUtf8(*bytes);
    read.firstNonUtf8Line = firstNonUtf8Line(*bytes);
    read.bytes = std::move(*bytes);
    return read;
}

bool readScriptFile(const QString& path, QString* text, QString* error) {
    auto read = readScript(path, error);
    if (read) *text = std::move(read->text);
    return read.has_value();
}

bool writeScriptFile(const QString& path, const QString& text, QString* error) {
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) >= 0 && file.commit())
        return true;
    *error = QObject::tr("Cannot save %1: %2").arg(path, file.errorString());
    return false;
}

}  // namespace mv
