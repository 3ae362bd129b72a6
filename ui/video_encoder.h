#pragma once
// Encodes frames to MP4 (H.264) or GIF by running the ffmpeg program and piping raw frames to its
// standard input, one at a time, so nothing but the frame being written is held in memory.
// Qt 6.4 cannot encode video itself, and linking libav* would tie the build to its ABI; the program
// is the stable interface. A GIF gets a palette computed from all frames (palettegen/paletteuse).

#include <QProcess>
#include <QSize>
#include <QString>

class QImage;

namespace mv {

class VideoEncoder {
public:
    enum class Container { Mp4, Gif };

    // The ffmpeg program on PATH, or empty when it is not installed.
    static QString findFfmpeg();

    VideoEncoder() = default;
    ~VideoEncoder();

    // Starts ffmpeg writing `path` (replaced if it exists). Frames are `size`, Format_RGB32.
    bool start(const QString& path, Container container, QSize size, double fps, QString* error);
    bool write(const QImage& frame, QString* error);
    // Closes the input and waits for ffmpeg to finish the file.
    bool finish(QString* error);
    // Stops ffmpeg at once (cancel); the partial file is removed.
    void abort();

private:
    QString failure(const QString& what);

    QProcess m_process;
    QString m_path;
    QSize m_size;
};

}  // namespace mv
