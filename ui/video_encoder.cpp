#include "ui/video_encoder.h"

#include <QFile>
#include <QImage>
#include <QStandardPaths>

namespace mv {

namespace {

constexpr int kStartTimeoutMs = 10000;

QStringList outputArguments(VideoEncoder::Container container) {
    if (container == VideoEncoder::Container::Gif)
        return {"-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-f", "gif"};
    // yuv420p needs even sizes; pad by one pixel rather than refuse odd ones.
    return {"-vf",       "pad=ceil(iw/2)*2:ceil(ih/2)*2",
            "-c:v",      "libx264",
            "-pix_fmt",  "yuv420p",
            "-preset",   "veryfast",
            "-movflags", "+faststart",
            "-f",        "mp4"};
}

}  // namespace

QString VideoEncoder::findFfmpeg() {
    return QStandardPaths::findExecutable("ffmpeg");
}

VideoEncoder::~VideoEncoder() {
    if (m_process.state() != QProcess::NotRunning) abort();
}

QString VideoEncoder::failure(const QString& what) {
    const QString output = QString::fromLocal8Bit(m_process.readAllStandardError()).trimmed();
    return output.isEmpty() ? what : what + ": " + output;
}

bool VideoEncoder::start(const QString& path, Container container, QSize size, double fps,
                         QString* error) {
    const QString program = findFfmpeg();
    if (program.isEmpty()) {
        *error =
            "ffmpeg was not found on PATH; install it (Debian: apt-get install ffmpeg) to "
            "export MP4 or GIF, or export a PNG sequence instead";
        return false;
    }
    m_path = path;
    m_size = size;
    QStringList args{"-hide_banner", "-loglevel",
                     "error",        "-nostdin",
                     "-y",           "-f",
                     "rawvideo",     "-pix_fmt",
                     "bgra",  // Format_RGB32 bytes: B G R 0xff
                     "-s",           QStringLiteral("%1x%2").arg(size.width()).arg(size.height()),
                     "-r",           QString::number(fps, 'g', 10),
                     "-i",           "-"};
    args << outputArguments(container) << path;
    // Only errors are printed (-loglevel error), so stderr cannot fill its pipe and stall ffmpeg.
    m_process.setStandardOutputFile(QProcess::nullDevice());
    m_process.start(program, args);
    if (!m_process.waitForStarted(kStartTimeoutMs)) {
        *error = "could not start ffmpeg: " + m_process.errorString();
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
    if (m_process.write(bits, frame.sizeInBytes()) != frame.sizeInBytes()) {
        *error = failure("ffmpeg stopped accepting frames");
        return false;
    }
    // Wait until the pipe took the frame: this keeps our memory flat and paces us to ffmpeg.
    while (m_process.bytesToWrite() > 0) {
        if (!m_process.waitForBytesWritten(-1)) {
            *error = failure("ffmpeg stopped accepting frames");
            return false;
        }
    }
    return true;
}

bool VideoEncoder::finish(QString* error) {
    m_process.closeWriteChannel();
    m_process.waitForFinished(-1);
    if (m_process.exitStatus() != QProcess::NormalExit || m_process.exitCode() != 0) {
        *error = failure(QStringLiteral("ffmpeg failed (exit code %1)").arg(m_process.exitCode()));
        return false;
    }
    return true;
}

void VideoEncoder::abort() {
    m_process.kill();
    m_process.waitForFinished(-1);
    QFile::remove(m_path);
}

}  // namespace mv
