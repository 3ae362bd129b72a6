#include "ui/export/frame_exporter.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "core/diagnostics/limits.h"
#include "ui/export/frame_files.h"
#include "ui/export/frame_renderer.h"
#include "ui/export/html_export.h"
#include "ui/export/render_pool.h"
#include "ui/export/video_encoder.h"
#include "ui/files/file_replacement.h"

namespace mv {

namespace {

ExportResult failed(QString message) {
    return {ExportResult::Outcome::Failed, std::move(message), 0};
}

ExportResult cancelled() {
    return {ExportResult::Outcome::Cancelled,
            QStringLiteral("export cancelled; the files written so far were removed"), 0};
}

// One rule for every output: a frame sequence's own folder (`frames/`, or `out/` of
// `out/frame_%04d.png`) is created when missing, never the folders above it, so a mistyped path
// is an error rather than a tree of new folders; a file goes into a folder that exists.
bool prepareOutput(const ExportOptions& options, QString* error) {
    // A video or a page is one file, as a single frame is.
    const SequenceOutput kind = formatInfo(options.format).sequence
                                    ? sequenceOutput(options.output, options.format)
                                    : SequenceOutput::File;
    const QFileInfo out(QDir::cleanPath(options.output));  // `frames/` is the folder `frames`
    const QString folder =
        kind == SequenceOutput::Folder ? out.absoluteFilePath() : out.absolutePath();
    const QString parent = kind == SequenceOutput::File ? folder : QFileInfo(folder).absolutePath();
    if (!QFileInfo(parent).isDir()) {
        *error = QStringLiteral("cannot write %1: no such folder %2").arg(options.output, parent);
        return false;
    }
    if (kind == SequenceOutput::File || QFileInfo(folder).isDir()) return true;
    std::error_code failure;
    std::filesystem::create_directory(QFile::encodeName(folder).toStdString(), failure);
    if (!failure) return true;
    *error = QStringLiteral("cannot create the folder %1: %2")
                 .arg(folder, QString::fromLocal8Bit(failure.message()));
    return false;
}

VideoEncoder::Container containerFor(ExportFormat format) {
    switch (format) {
        case ExportFormat::Webm:
            return VideoEncoder::Container::Webm;
        case ExportFormat::Gif:
            return VideoEncoder::Container::Gif;
        case ExportFormat::Apng:
            return VideoEncoder::Container::Apng;
        default:
            return VideoEncoder::Container::Mp4;
    }
}

// One export: passes over the frame range (two for a GIF, one otherwise), each streaming the
// frames in order from a fresh render pool into a consumer, with progress and cancellation.
class ExportRun {
public:
    ExportRun(const Animation& animation, ImageLibrary& images, const ExportOptions& options,
              const std::atomic<bool>* cancel,
              const std::function<void(const ExportProgress&)>& progress)
        : m_animation(animation),
          m_images(images),
          m_options(options),
          m_cancel(cancel),
          m_progress(progress),
          m_frames(options.framesOf(static_cast<int>(animation.frames.size()))),
          m_total(m_frames.count()),
          m_passes(options.format == ExportFormat::Gif ? 2 : 1) {
        m_clock.start();
    }

    int total() const { return m_total; }

    // Streams the range through `consume` (which returns an error or nothing). Nothing when every
    // frame was consumed; otherwise how it stopped (cancelled or failed). The caller then takes
    // back what it wrote.
    std::optional<ExportResult> stream(ExportStage stage, RenderProduct product,
                                       const std::function<QString(RenderedFrame&)>& consume) {
        const int cores = m_options.threads > 0 ? m_options.threads : QThread::idealThreadCount();
        RenderPool pool(m_animation, m_images, m_options.scale, m_frames.first, m_total, product,
                        std::clamp(cores, 1, std::max(1, m_total)));
        report(stage, 0);
        for (int i = 0; i < m_total; ++i) {
            if (m_cancel && *m_cancel) return cancelled();
            RenderedFrame frame = pool.take(i);
            if (!frame.error.isEmpty()) return failed(frame.error);
            if (QString error = consume(frame); !error.isEmpty()) return failed(error);
            ++m_framesDone;
            report(stage, i + 1);
        }
        return std::nullopt;
    }

    void reportFinishing() { report(ExportStage::Finishing, m_total); }

    ~ExportRun() { report(ExportStage::Over, m_framesDone / m_passes); }

private:
    void report(ExportStage stage, int done) {
        if (!m_progress) return;
        const double seconds = m_clock.nsecsElapsed() / 1e9;
        const int work = m_total * m_passes;
        ExportProgress progress{stage, done, m_total, -1, 0};
        if (m_framesDone > 0 && seconds > 0) {
            progress.framesPerSecond = m_framesDone / seconds;
            progress.secondsLeft = (work - m_framesDone) / progress.framesPerSecond;
        }
        if (stage >= ExportStage::Finishing) progress.secondsLeft = -1;  // ffmpeg does not say
        m_progress(progress);
    }

    const Animation& m_animation;
    ImageLibrary& m_images;
    const ExportOptions& m_options;
    const std::atomic<bool>* m_cancel;
    const std::function<void(const ExportProgress&)>& m_progress;
    const FrameRange m_frames;
    const int m_total;
    const int m_passes;
    int m_framesDone = 0;  // over all passes
    QElapsedTimer m_clock;
};

ExportResult exportSequence(ExportRun& run, const ExportOptions& options) {
    FrameFiles files;
    const auto stop = run.stream(
        ExportStage::Frames,
        options.format == ExportFormat::Svg ? RenderProduct::Svg : RenderProduct::Png,
        [&](RenderedFrame& frame) {
            return files.write(framePath(options.output, frame.index, options.format), frame.file);
        });
    if (stop) return *stop;  // the temporary folder goes with `files`: older frames stay
    if (QString error = files.commit(); !error.isEmpty()) return failed(error);
    return {};
}

// One ffmpeg run over the whole range: start, stream, finish (or take back on any failure).
ExportResult encodeOnce(ExportRun& run, const QString& path, VideoEncoder::Container container,
                        const QSize& size, double fps, ExportStage stage,
                        const QString& palette = {}) {
    VideoEncoder encoder;
    QString error;
    if (!encoder.start(path, container, size, fps, &error, palette)) return failed(error);
    const auto stop = run.stream(stage, RenderProduct::Image, [&](RenderedFrame& frame) {
        QString problem;
        encoder.write(frame.image, &problem);
        return problem;
    });
    if (stop) {
        encoder.abort();
        return *stop;
    }
    if (stage != ExportStage::Palette) run.reportFinishing();  // a palette is done at once
    if (!encoder.finish(&error)) return failed(error);
    return {};
}

ExportResult exportVideo(ExportRun& run, const ExportOptions& options, const Config& config) {
    const QSize size = frameImageSize(config.width, config.height, options.scale);
    const auto container = containerFor(options.format);
    if (container != VideoEncoder::Container::Gif)
        return encodeOnce(run, options.output, container, size, config.fps, ExportStage::Frames);
    const QTemporaryDir scratch;
    if (!scratch.isValid())
        return failed(QStringLiteral("cannot create a temporary folder for the GIF's palette"));
    const QString palette = scratch.filePath("palette.png");
    ExportResult result = encodeOnce(run, palette, VideoEncoder::Container::GifPalette, size,
                                     config.fps, ExportStage::Palette);
    if (result.outcome != ExportResult::Outcome::Done) return result;
    return encodeOnce(run, options.output, container, size, config.fps, ExportStage::Encoding,
                      palette);
}

// One page with a player: the frames' poses in a table, nothing drawn here (html_export.h).
ExportResult exportPage(const Animation& animation, ImageLibrary& images,
                        const ExportOptions& options,
                        const std::function<void(const ExportProgress&)>& progress) {
    const int total = options.framesOf(static_cast<int>(animation.frames.size())).count();
    if (progress) progress({ExportStage::Frames, 0, total, -1, 0});
    HtmlPageOptions page;
    page.scale = options.scale;
    page.frames = options.frames;
    page.traces = options.traces;
    page.title = QFileInfo(options.output).completeBaseName();
    const QByteArray html = htmlPlayerPage(animation, images, page);
    QString error =
        html.isEmpty() ? QStringLiteral("the player page could not be made") : QString();
    if (error.isEmpty()) error = replaceFile(options.output, html);
    if (progress) progress({ExportStage::Over, error.isEmpty() ? total : 0, total, -1, 0});
    return error.isEmpty() ? ExportResult{ExportResult::Outcome::Done, {}, total} : failed(error);
}

}  // namespace

QString exportStageText(ExportStage stage) {
    switch (stage) {
        case ExportStage::Palette:
            return QStringLiteral("computing the palette");
        case ExportStage::Encoding:
            return QStringLiteral("encoding");
        case ExportStage::Finishing:
            return QStringLiteral("finishing the file");
        case ExportStage::Over:
            return QStringLiteral("done");
        case ExportStage::Frames:
            break;
    }
    return QStringLiteral("writing frames");
}

ExportResult exportAnimation(const Animation& animation, ImageLibrary& images,
                             const ExportOptions& options, const std::atomic<bool>* cancel,
                             const std::function<void(const ExportProgress&)>& progress) {
    if (!animation.script) return failed(QStringLiteral("there is no animation to export"));
    const int animationFrames = static_cast<int>(animation.frames.size());
    if (QString problem = options.validate(animationFrames); !problem.isEmpty())
        return failed(problem);
    const Config& config = animation.script->config;
    if (const auto problem = canvasSizeProblem(config.width, config.height, options.scale))
        return failed(QString::fromStdString(problem->text));
    const QStringList existing = existingTargets(options, animationFrames);
    if (!options.overwrite && !existing.isEmpty())
        return failed(
            QStringLiteral("%1 exists already; not overwriting it").arg(existing.front()));
    QString error;
    if (!prepareOutput(options, &error)) return failed(error);

    ExportResult result;
    int total = 0;
    if (options.format == ExportFormat::Html) {
        result = exportPage(animation, images, options, progress);
        total = result.framesWritten;
    } else {
        ExportRun run(animation, images, options, cancel, progress);
        result = formatInfo(options.format).sequence ? exportSequence(run, options)
                                                     : exportVideo(run, options, config);
        total = run.total();
    }
    if (result.outcome != ExportResult::Outcome::Done) return result;
    return {ExportResult::Outcome::Done,
            QStringLiteral("%1 %2 written to %3")
                .arg(total)
                .arg(total == 1 ? "frame" : "frames")
                .arg(options.output),
            total};
}

}  // namespace mv
