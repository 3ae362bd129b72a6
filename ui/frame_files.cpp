#include "ui/frame_files.h"

#include <QFile>
#include <QFileInfo>

namespace mv {

QString FrameFiles::write(const QString& path, const QByteArray& bytes) {
    if (QFileInfo(path).isSymLink()) QFile::remove(path);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    m_written << path;  // from here on a failure may leave part of a file
    if (file.write(bytes) != bytes.size() || !file.flush())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return {};
}

void FrameFiles::removeAll() {
    for (const QString& path : m_written) QFile::remove(path);
    m_written.clear();
}

}  // namespace mv
