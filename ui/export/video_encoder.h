#pragma once
// Encodes frames to MP4 (H.264), WebM (VP9), GIF or APNG by running the ffmpeg program and piping
// raw frames to its standard input, one at a time, so nothing but the frame being written is held
// in memory. Qt 6.4 cannot encode video itself, and linking libav* would tie the build to its ABI;
// the program is the stable interface. A GIF takes two runs so that ffmpeg holds no frames: the
// frames go once to palettegen (GifPalette writes the palette of all frames as a PNG) and once to
// paletteuse with that palette (Gif), which encodes each frame as it arrives.
//
// An export never destroys a file it did not replace: ffmpeg writes a temporary file beside the
// target, which is renamed over the target only when it is complete: ffmpeg exited 0, printed no
// write error (on a full disk ffmpeg 5.1 exits 0 all the same), its progress report counts every
// frame, and the file's data reached the disk (fsync). rename replaces a symlink itself, never the
// file it points to. ffmpeg is handed the temporary file as
// an absolute `file:` URL built here, so no output name is read as an option (`-x.mp4`) or a
// protocol (`file:`, `pipe:`). Every wait on ffmpeg is bounded: an encoder that stops reading or
// never exits is killed, and the message ends with ffmpeg's own last lines of error output.

#include <QProcess>
#include <QSize>
#include <QString>

class QImage;

namespace mv {

class VideoEncoder {
public:
    enum class Container { Mp4, Webm, Gif, GifPalette, Apng };

    // How long ffmpeg may take: to start, to take one frame, to finish after the last frame.
    struct Timeouts {
        int startMs = 10000;
        int frameMs = 60000;
        int finishMs = 300000;
    };

    // The ffmpeg program on PATH, or empty when it is not installed.
    static QString findFfmpeg();

    VideoEncoder() = default;
    explicit VideoEncoder(Timeouts timeouts) : m_timeouts(timeouts) {}
    ~VideoEncoder();

    // Starts ffmpeg writing a temporary file beside `path`. Frames are `size`, Format_RGB32.
    // `palette` (Gif only) is the file a GifPalette run wrote.
    bool start(const QString& path, Container container, QSize size, double fps, QString* error,
               const QString& palette = {});
    bool write(const QImage& frame, QString* error);
    // Closes the input, waits for ffmpeg to finish and puts the file in place of the target.
    bool finish(QString* error);
    // Stops ffmpeg at once (cancel, or a failure elsewhere); the target is left as it was.
    void abort();

private:
    QString failure(const QString& what);
    bool fileComplete(QString* error);
    void readErrors();
    bool waitForFrameTaken(QString* error);
    void stopEncoder();

    Timeouts m_timeouts;
    QProcess m_process;
    QString m_target;
    QString m_temporary;  // what ffmpeg writes; renamed over m_target on success
    QSize m_size;
    Container m_container = Container::Mp4;
    int m_framesWritten = 0;  // frames ffmpeg took
    QString m_errors;         // what ffmpeg printed on stderr so far
};

}  // namespace mv
