#pragma once
// Writes the files of a frame sequence (PNG, SVG), in frame order, from one thread, so that a
// failed or cancelled export leaves every older file as it was: the frames go to a hidden
// temporary folder beside their targets (`.movimentum-frames-XXXXXX`, same folder, so renaming is
// atomic) and replace the older files only once the whole sequence is written, frame by frame by
// rename(2). A full disk part way through loses nothing; a symlink in a frame's place is replaced,
// never written through (export_options.h).

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>
#include <memory>
#include <utility>
#include <vector>

namespace mv {

class FrameFiles {
public:
    FrameFiles();
    ~FrameFiles();  // removes the temporary folder and whatever is still in it

    // Writes `bytes` as the frame that goes to `path`, for now in the temporary folder; empty on
    // success, otherwise what went wrong (the path and the system's reason).
    QString write(const QString& path, const QByteArray& bytes);
    // Puts every frame written in its place; empty on success, otherwise what went wrong.
    QString commit();

private:
    std::unique_ptr<QTemporaryDir> m_folder;           // created with the first frame
    std::vector<std::pair<QString, QString>> m_moves;  // temporary file, target
};

}  // namespace mv
