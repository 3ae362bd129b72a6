#include "ui/export_options.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

#include "core/limits.h"

namespace mv {

namespace {

// One printf-style integer directive: %d, %4d, %04d.
const QRegularExpression& directive() {
    static const QRegularExpression re(QStringLiteral("%(0?)(\\d*)d"));
    return re;
}

bool isPattern(const QString& output) {
    return output.contains('%');
}

// Something is at `path`: a file, a folder, or a symlink, even one that leads nowhere (it would
// be replaced, so it counts as existing).
bool occupied(const QString& path) {
    const QFileInfo info(path);
    return info.exists() || info.isSymLink();
}

QString formatIndex(const QRegularExpressionMatch& match, int index) {
    const bool zeroPad = !match.captured(1).isEmpty();
    const int width = match.captured(2).isEmpty() ? 0 : match.captured(2).toInt();
    return QStringLiteral("%1").arg(index, width, 10, QChar(zeroPad ? '0' : ' '));
}

}  // namespace

bool parseExportFormat(const QString& text, ExportFormat* format) {
    const QString lower = text.toLower();
    if (lower == "png")
        *format = ExportFormat::Png;
    else if (lower == "gif")
        *format = ExportFormat::Gif;
    else if (lower == "mp4")
        *format = ExportFormat::Mp4;
    else
        return false;
    return true;
}

ExportFormat formatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == "gif") return ExportFormat::Gif;
    if (suffix == "mp4") return ExportFormat::Mp4;
    return ExportFormat::Png;
}

int ExportOptions::frameCount(int animationFrames) const {
    const int end = endFrame < 0 ? animationFrames : std::min(endFrame, animationFrames);
    return std::max(0, end - firstFrame);
}

QString ExportOptions::validate(int animationFrames) const {
    if (output.isEmpty()) return QStringLiteral("no output given");
    if (!(scale > 0) || scale > 16) return QStringLiteral("the scale must be in (0, 16]");
    if (firstFrame < 0 || (endFrame >= 0 && endFrame <= firstFrame))
        return QStringLiteral("the frame range is empty");
    if (firstFrame >= animationFrames)
        return QString::fromStdString(onlyFramesMessage(animationFrames));
    if (format == ExportFormat::Png && isPattern(output)) {
        const int directives = static_cast<int>(output.count('%'));
        if (directives != 1 || !directive().match(output).hasMatch())
            return QStringLiteral("a PNG pattern needs exactly one %d (e.g. out/frame_%04d.png)");
    }
    return {};
}

QString pngFramePath(const QString& output, int frameIndex) {
    if (!isPattern(output))
        return QDir(output).filePath(
            QStringLiteral("frame_%1.png").arg(frameIndex, 4, 10, QChar('0')));
    const QRegularExpressionMatch match = directive().match(output);
    if (!match.hasMatch()) return output;
    QString path = output;
    return path.replace(match.capturedStart(), match.capturedLength(),
                        formatIndex(match, frameIndex));
}

QStringList existingTargets(const ExportOptions& options, int animationFrames) {
    QStringList existing;
    if (options.format != ExportFormat::Png) {
        if (occupied(options.output)) existing << options.output;
        return existing;
    }
    const int end = options.firstFrame + options.frameCount(animationFrames);
    for (int i = options.firstFrame; i < end; ++i) {
        const QString path = pngFramePath(options.output, i);
        if (occupied(path)) existing << path;
    }
    return existing;
}

}  // namespace mv
