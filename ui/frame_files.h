#pragma once
// Writes the files of a frame sequence (PNG, SVG), in frame order, from one thread, and takes
// them back if the export does not complete, so a failed or cancelled export leaves nothing
// behind. A symlink in a frame's place is replaced, never written through (export_options.h).

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace mv {

class FrameFiles {
public:
    // Writes `bytes` to `path`; empty on success, otherwise what went wrong.
    QString write(const QString& path, const QByteArray& bytes);
    // Removes every file write() created.
    void removeAll();

private:
    QStringList m_written;
};

}  // namespace mv
