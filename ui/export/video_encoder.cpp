#include "ui/export/video_encoder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QStandardPaths>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "ui/files/file_replacement.h"

namespace mv {

namespace {

// How much of ffmpeg's error output a message repeats: its last lines say what went wrong.
constexpr int kStderrLines = 8;
constexpr int kKillWaitMs = 5000;

// yuv420p (what players expect of MP4 and WebM) needs even sizes: pad by one pixel rather than
// refuse odd ones.
const char* const kEvenSize = "pad=ceil(iw/2)*2:ceil(ih/2)*2";

// What ffmpeg makes of the frames on its standard input (input 0) and, for a GIF, the palette
// (input 1). Speed settings are measured in docs/performance.md.
QStringList outputArguments(VideoEncoder::Container container) {
    switch (container) {
        case VideoEncoder::Container::GifPalette:
            return {"-vf", "palettegen", "-c:v", "png", "-update", "1", "-f", "image2"};
        case VideoEncoder::Container::Gif:
            return {"-lavfi", "[0:v][1:v]paletteuse", "-f", "gif"};
        case VideoEncoder::Container::Apng:
            return {"-c:v",  "apng",   "-pred", "mixed", "-pix_fmt",
                    "rgb24", "-plays", "0",     "-f",    "apng"};
        case VideoEncoder::Container::Webm:
            return {"-vf",       kEvenSize, "-c:v",    "libvpx-vp9", "-pix_fmt",  "yuv420p",
                    "-crf",      "32",      "-b:v",    "0",          "-deadline", "good",
                    "-cpu-used", "5",       "-row-mt", "1",          "-f",        "webm"};
        case VideoEncoder::Container::Mp4:
            break;
    }
    return {"-vf",     kEvenSize,  "-c:v",      "libx264",    "-pix_fmt", "yuv420p",
            "-preset", "veryfast", "-movflags", "+faststart", "-f",       "mp4"};
}

// The system's reason for a failed write of the output that ffmpeg printed, or empty. ffmpeg 5.1
// exits 0 after "Error writing trailer …: No space left on device", leaving a truncated file: its
// exit code alone does not say the file is whole.
QString writeFailureIn(const QString& errors) {
    for (const int code : {ENOSPC, EDQUOT, EFBIG, EIO, EROFS}) {
        const QString reason = QString::fromLocal8Bit(std::strerror(code));
        if (errors.contains(reason)) return reason;
    }
    for (const char* sign : {"error writing", "error closing", "write_frame"})
        if (errors.contains(QLatin1String(sign), Qt::CaseInsensitive))
            return QStringLiteral("ffmpeg could not write it");
    return {};
}

// Whether ffmpeg's -progress report ends ("progress=end") with `frames` frames written.
bool progressComplete(const QByteArray& report, int frames) {
    int written = -1;
    bool ended = false;
    for (const QByteArray& line : report.split('\n')) {
        if (line.startsWith("frame=")) written = line.mid(6).trimmed().toInt();
        if (line.trimmed() == "progress=end") ended = true;
    }
    return ended && written == frames;
}

QString lastLines(const QString& text, int count) {
    QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    if (lines.size() > count) lines = lines.mid(lines.size() - count);
    return lines.join(QStringLiteral("\n  "));
}

}  // namespace

QString VideoEncoder::findFfmpeg() {
    return QStandardPaths::findExecutable("ffmpeg");
}

VideoEncoder::~VideoEncoder() {
    abort();
}

QString VideoEncoder::failure(const QString& what) {
    readErrors();
    const QString output = lastLines(m_errors, kStderrLines);
    return output.isEmpty() ? what : what + "; ffmpeg said:\n  " + output;
}

bool VideoEncoder::start(const QString& path, Container container, QSize size, double fps,
                         QString* error, const QString& palette) {
    const QString program = findFfmpeg();
    if (program.isEmpty()) {
        *error =
            "ffmpeg was not found on PATH; install it (Debian: apt-get install ffmpeg) to "
            "export video or GIF, or export a PNG or SVG sequence instead";
        return false;
    }
    m_target = path;
    m_size = size;
    m_container = container;
    m_framesWritten = 0;
    m_errors.clear();
    m_temporary = createTemporaryBeside(path, error);
    if (m_temporary.isEmpty()) return false;
    QStringList args{"-hide_banner", "-loglevel",
                     "error",        "-nostdin",
                     "-y",           "-f",
                     "rawvideo",     "-pix_fmt",
                     "bgra",  // Format_RGB32 bytes: B G R 0xff
                     "-s",           QStringLiteral("%1x%2").arg(size.width()).arg(size.height()),
                     "-r",           QString::number(fps, 'g', 10),
                     "-i",           "-"};
    if (!palette.isEmpty())
        args << "-i"
             << "file:" + QFileInfo(palette).absoluteFilePath();
    // Our own absolute name behind ffmpeg's file: protocol (which takes the rest literally, no
    // percent-decoding): nothing in the user's name is interpreted.
    // ffmpeg's progress report on stdout (a few lines twice a second) says at the end how many
    // frames went into the file.
    args << "-progress"
         << "pipe:1"
         << "-nostats" << outputArguments(container)
         << "file:" + QFileInfo(m_temporary).absoluteFilePath();
    // Only errors are printed (-loglevel error), so stderr stays small; it is read during waits.
    m_process.start(program, args);
    if (!m_process.waitForStarted(m_timeouts.startMs)) {
        *error = "could not start ffmpeg: " + m_process.errorString();
        stopEncoder();
        return false;
    }
    return true;
}

bool VideoEncoder::write(const QImage& frame, QString* error) {
    if (frame.size() != m_size || frame.format() != QImage::Format_RGB32) {
        *error = "internal error: frame of the wrong size or format for the encoder";
        return false;
    }
    const auto* bits = reinterpret_cast<const char*>(frame.constBits());
    if (m_process.state() != QProcess::Running ||
        m_process.write(bits, frame.sizeInBytes()) != frame.sizeInBytes()) {
        *error = failure(QStringLiteral("ffmpeg stopped accepting frames (exit code %1)")
                             .arg(m_process.exitCode()));
        return false;
    }
    if (!waitForFrameTaken(error)) return false;
    ++m_framesWritten;
    return true;
}

// Waits until the pipe took the frame: this keeps our memory flat and paces us to ffmpeg. An
// encoder that exits or takes nothing for frameMs is reported (and stopped).
bool VideoEncoder::waitForFrameTaken(QString* error) {
    while (m_process.bytesToWrite() > 0) {
        if (m_process.waitForBytesWritten(m_timeouts.frameMs)) continue;
        if (m_process.state() != QProcess::Running) {
            *error = failure(QStringLiteral("ffmpeg exited (code %1) while frames were still "
                                            "being written")
                                 .arg(m_process.exitCode()));
        } else {
            *error = failure(QStringLiteral("ffmpeg took no frame data for %1 s; it was stopped")
                                 .arg(m_timeouts.frameMs / 1000.0));
        }
        return false;
    }
    return true;
}

bool VideoEncoder::finish(QString* error) {
    m_process.closeWriteChannel();
    if (!m_process.waitForFinished(m_timeouts.finishMs)) {
        *error = failure(QStringLiteral("ffmpeg did not finish within %1 s after the last "
                                        "frame; it was stopped")
                             .arg(m_timeouts.finishMs / 1000.0));
        return false;
    }
    if (m_process.exitStatus() != QProcess::NormalExit || m_process.exitCode() != 0) {
        *error = failure(QStringLiteral("ffmpeg failed (exit code %1); %2 is unchanged")
                             .arg(m_process.exitCode())
                             .arg(m_target));
        return false;
    }
    if (!fileComplete(error)) return false;
    if (!putInPlace(m_temporary, m_target, error)) return false;
    m_temporary.clear();
    return true;
}

// After ffmpeg exited 0: the file is renamed over the target only when ffmpeg reported no write
// error, its progress report says every frame went in (a palette is one picture), and the file's
// data reached the disk.
bool VideoEncoder::fileComplete(QString* error) {
    readErrors();
    const QString unchanged = QStringLiteral("; %1 is unchanged").arg(m_target);
    if (const QString reason = writeFailureIn(m_errors); !reason.isEmpty()) {
        *error = failure(QStringLiteral("cannot write %1: %2").arg(m_target, reason) + unchanged);
        return false;
    }
    if (QFileInfo(m_temporary).size() <= 0) {
        *error = failure(QStringLiteral("ffmpeg exited without writing the video") + unchanged);
        return false;
    }
    const int frames = m_container == Container::GifPalette ? 1 : m_framesWritten;
    if (!progressComplete(m_process.readAllStandardOutput(), frames)) {
        *error = failure(QStringLiteral("ffmpeg did not report all %1 frames written").arg(frames) +
                         unchanged);
        return false;
    }
    QString reason;
    if (!syncToDisk(m_temporary, &reason)) {
        *error = QStringLiteral("cannot write %1: %2").arg(m_target, reason) + unchanged;
        return false;
    }
    return true;
}

void VideoEncoder::readErrors() {
    m_errors += QString::fromLocal8Bit(m_process.readAllStandardError());
}

void VideoEncoder::abort() {
    stopEncoder();
}

// Kills ffmpeg if it still runs and removes what it wrote; the target is never touched here.
void VideoEncoder::stopEncoder() {
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(kKillWaitMs);
    }
    if (!m_temporary.isEmpty()) QFile::remove(m_temporary);
    m_temporary.clear();
}

}  // namespace mv
