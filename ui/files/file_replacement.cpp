#include "ui/files/file_replacement.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>

#include <fcntl.h>
#include <unistd.h>

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

bool syncToDisk(const QString& path, QString* reason) {
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC);
    const bool synced = fd >= 0 && ::fsync(fd) == 0;
    const int code = errno;
    if (fd >= 0) ::close(fd);
    if (!synced) *reason = QString::fromLocal8Bit(std::strerror(code));
    return synced;
}

QString replaceFile(const QString& target, const QByteArray& bytes) {
    QString error;
    const QString temporary = createTemporaryBeside(target, &error);
    if (temporary.isEmpty()) return error;
    // stdio, not QFile: its error on a short write is the system's own (EFBIG, ENOSPC).
    std::FILE* file = std::fopen(QFile::encodeName(temporary).constData(), "wb");
    bool written = file && std::fwrite(bytes.constData(), 1, size_t(bytes.size()), file) ==
                               size_t(bytes.size());
    written = file && std::fflush(file) == 0 && written;
    const int reason = errno;
    if (file) written = std::fclose(file) == 0 && written;
    if (!written) {
        QFile::remove(temporary);
        return QStringLiteral("cannot write %1: %2")
            .arg(target, QString::fromLocal8Bit(std::strerror(reason)));
    }
    if (!putInPlace(temporary, target, &error)) {
        QFile::remove(temporary);
        return error;
    }
    return {};
}

}  // namespace mv
