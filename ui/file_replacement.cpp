#include "ui/file_replacement.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace mv {

QString createTemporaryBeside(const QString& target, QString* error) {
    const QFileInfo info(target);
    QTemporaryFile file(info.absoluteDir().filePath("." + info.fileName() + ".XXXXXX.part"));
    file.setAutoRemove(false);
    if (!file.open()) {
        *error = QStringLiteral("cannot create a file in %1: %2")
                     .arg(info.absolutePath(), file.errorString());
        return {};
    }
    return file.fileName();
}

bool putInPlace(const QString& temporary, const QString& target, QString* error) {
    // The temporary file was made private (0600); the result is an ordinary file, readable by all
    // as the frames of a sequence are (0644).
    QFile::setPermissions(temporary, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser |
                                         QFile::ReadGroup | QFile::ReadOther);
    // rename(2) replaces the target (a symlink itself, not what it points to) in one step.
    if (std::rename(QFile::encodeName(temporary).constData(),
                    QFile::encodeName(target).constData()) != 0) {
        *error = QStringLiteral("cannot put the file in place of %1: %2")
                     .arg(target, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    return true;
}

QString replaceFile(const QString& target, const QByteArray& bytes) {
    QString error;
    const QString temporary = createTemporaryBeside(target, &error);
    if (temporary.isEmpty()) return error;
    QFile file(temporary);
    const bool written = file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
                         file.write(bytes) == bytes.size() && file.flush();
    if (!written) {
        error = QStringLiteral("cannot write %1: %2").arg(target, file.errorString());
        file.close();
        QFile::remove(temporary);
        return error;
    }
    file.close();
    if (!putInPlace(temporary, target, &error)) {
        QFile::remove(temporary);
        return error;
    }
    return {};
}

}  // namespace mv
