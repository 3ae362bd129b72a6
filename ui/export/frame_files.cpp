#include "ui/export/frame_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace mv {

namespace {

QString systemReason(int code) {
    return QString::fromLocal8Bit(std::strerror(code));
}

// POSIX calls, not QFile: a failed write keeps the system's own reason (ENOSPC, EDQUOT), which
// QFile's error string may lose ("Unknown error").
int writeWhole(const QString& path, const QByteArray& bytes) {
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return errno;
    const char* data = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t done = ::write(fd, data, size_t(left));
        if (done < 0 && errno == EINTR) continue;
        if (done <= 0) {
            const int code = done < 0 ? errno : EIO;
            ::close(fd);
            return code;
        }
        data += done;
        left -= done;
    }
    return ::close(fd) == 0 ? 0 : errno;
}

}  // namespace

FrameFiles::FrameFiles() = default;
FrameFiles::~FrameFiles() = default;

QString FrameFiles::write(const QString& path, const QByteArray& bytes) {
    if (!m_folder) {
        const QFileInfo target(path);
        m_folder = std::make_unique<QTemporaryDir>(
            target.absoluteDir().filePath(QStringLiteral(".movimentum-frames-XXXXXX")));
        if (!m_folder->isValid())
            return QStringLiteral("cannot create a folder in %1: %2")
                .arg(target.absolutePath(), m_folder->errorString());
    }
    const QString temporary = m_folder->filePath(QFileInfo(path).fileName());
    if (const int code = writeWhole(temporary, bytes); code != 0)
        return QStringLiteral("cannot write %1: %2; no older frame was replaced")
            .arg(path, systemReason(code));
    m_moves.emplace_back(temporary, path);
    return {};
}

QString FrameFiles::commit() {
    // Renaming needs no space; it fails only where a target cannot be replaced, a folder in a
    // frame's place, which is looked for before the first older frame is replaced.
    for (const auto& move : m_moves) {
        const QFileInfo target(move.second);
        if (target.isDir() && !target.isSymLink())
            return QStringLiteral(
                       "cannot put the frame in place of %1: %2; no older frame was "
                       "replaced")
                .arg(move.second, systemReason(EISDIR));
    }
    for (const auto& [temporary, target] : m_moves) {
        // rename(2) replaces the target (a symlink itself, not what it points to) in one step.
        if (std::rename(QFile::encodeName(temporary).constData(),
                        QFile::encodeName(target).constData()) != 0)
            return QStringLiteral("cannot put the frame in place of %1: %2")
                .arg(target, systemReason(errno));
    }
    m_moves.clear();
    return {};
}

}  // namespace mv
