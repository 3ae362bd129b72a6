#include "ui/export/export_options.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

#include "core/diagnostics/limits.h"

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

const ExportFormatInfo kFormats[] = {
    {ExportFormat::Png, "png", "png", true, "PNG sequence (folder)"},
    {ExportFormat::Svg, "svg", "svg", true, "SVG sequence, vector (folder)"},
    {ExportFormat::Mp4, "mp4", "mp4", false, "MP4 video, H.264 (ffmpeg)"},
    {ExportFormat::Webm, "webm", "webm", false, "WebM video, VP9 (ffmpeg)"},
    {ExportFormat::Gif, "gif", "gif", false, "GIF animation (ffmpeg)"},
    {ExportFormat::Apng, "apng", "apng", false, "Animated PNG, lossless (ffmpeg)"},
    {ExportFormat::Html, "html", "html", false, "HTML page with a player (offline, one file)"},
};

std::span<const ExportFormatInfo> exportFormats() {
    return kFormats;
}

const ExportFormatInfo& formatInfo(ExportFormat format) {
    for (const ExportFormatInfo& info : kFormats)
        if (info.format == format) return info;
    return kFormats[0];
}

bool parseExportFormat(const QString& text, ExportFormat* format) {
    for (const ExportFormatInfo& info : kFormats) {
        if (text.compare(QLatin1String(info.name), Qt::CaseInsensitive) != 0) continue;
        *format = info.format;
        return true;
    }
    return false;
}

QString exportFormatNames() {
    QStringList names;
    for (const ExportFormatInfo& info : kFormats) names << info.name;
    return names.join(", ");
}

std::optional<ExportFormat> formatForPath(const QString& path) {
    const QFileInfo file(path);
    const QString suffix = file.suffix();  // none after a trailing '/': the file name is empty
    if (suffix.isEmpty()) return ExportFormat::Png;
    for (const ExportFormatInfo& info : kFormats)
        if (suffix.compare(QLatin1String(info.suffix), Qt::CaseInsensitive) == 0)
            return info.format;
    if (file.isDir()) return ExportFormat::Png;  // a folder that exists, `run.v2`
    return std::nullopt;
}

SequenceOutput sequenceOutput(const QString& output, ExportFormat format) {
    if (isPattern(output)) return SequenceOutput::Pattern;
    const QFileInfo file(output);
    const bool ownSuffix =
        file.suffix().compare(QLatin1String(formatInfo(format).suffix), Qt::CaseInsensitive) == 0;
    // A folder that exists keeps its frames there, whatever its name (a folder `f.png/` of old).
    return ownSuffix && !file.isDir() ? SequenceOutput::File : SequenceOutput::Folder;
}

QString ExportOptions::validate(int animationFrames) const {
    if (output.isEmpty()) return QStringLiteral("no output given");
    if (!(scale > 0) || scale > 16) return QStringLiteral("the scale must be in (0, 16]");
    if (frames.first < 0 || frames.empty()) return QStringLiteral("the frame range is empty");
    if (frames.first >= animationFrames)
        return QString::fromStdString(onlyFramesMessage(animationFrames));
    if (!formatInfo(format).sequence) return {};
    const SequenceOutput kind = sequenceOutput(output, format);
    if (kind == SequenceOutput::Pattern) {
        const int directives = static_cast<int>(output.count('%'));
        if (directives != 1 || !directive().match(output).hasMatch())
            return QStringLiteral("a frame pattern needs exactly one %d (e.g. out/frame_%04d.%1)")
                .arg(formatInfo(format).suffix);
    }
    const int count = framesOf(animationFrames).count();
    if (kind == SequenceOutput::File && count > 1)
        return QStringLiteral(
                   "%1 is one file, but %2 frames are selected: select one frame, or give a "
                   "folder or a pattern such as %3")
            .arg(output)
            .arg(count)
            .arg(output.chopped(QFileInfo(output).suffix().size() + 1) + "_%04d." +
                 formatInfo(format).suffix);
    return {};
}

QString framePath(const QString& output, int frameIndex, ExportFormat format) {
    const SequenceOutput kind = sequenceOutput(output, format);
    if (kind == SequenceOutput::File) return output;
    if (kind == SequenceOutput::Folder)
        return QDir(output).filePath(QStringLiteral("frame_%1.%2")
                                         .arg(frameIndex, 4, 10, QChar('0'))
                                         .arg(formatInfo(format).suffix));
    const QRegularExpressionMatch match = directive().match(output);
    if (!match.hasMatch()) return output;
    QString path = output;
    return path.replace(match.capturedStart(), match.capturedLength(),
                        formatIndex(match, frameIndex));
}

QStringList existingTargets(const ExportOptions& options, int animationFrames) {
    QStringList existing;
    if (!formatInfo(options.format).sequence) {
        if (occupied(options.output)) existing << options.output;
        return existing;
    }
    const FrameRange frames = options.framesOf(animationFrames);
    for (int i = frames.first; i <= frames.last; ++i) {
        const QString path = framePath(options.output, i, options.format);
        if (occupied(path)) existing << path;
    }
    return existing;
}

double pictureDecodeScale(const ExportOptions& options) {
    const bool pixels = options.format != ExportFormat::Svg && options.format != ExportFormat::Html;
    return pixels ? options.scale : 1.0;
}

}  // namespace mv
