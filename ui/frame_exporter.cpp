#include "ui/frame_exporter.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QThread>

#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "core/limits.h"
#include "ui/bounded_queue.h"
#include "ui/frame_renderer.h"
#include "ui/video_encoder.h"

namespace mv {

namespace {

// Frames a worker may have finished ahead of the consumer.
constexpr size_t kQueueDepth = 2;

// What a worker hands on for one frame: the image (video) or just that it is written (PNG).
struct RenderedFrame {
    QImage image;
    QString error;
};

// The shared state of one export run: the frames to draw, the queues and the stop flag.
class RenderPool {
public:
    RenderPool(const Animation& animation, ImageLibrary& images, const ExportOptions& options,
               int workers)
        : m_animation(animation), m_images(images), m_options(options) {
        for (int w = 0; w < workers; ++w)
            m_queues.push_back(std::make_unique<BoundedQueue<RenderedFrame>>(kQueueDepth));
        for (int w = 0; w < workers; ++w) m_threads.emplace_back([this, w] { work(w); });
    }

    ~RenderPool() { stop(); }

    // The result for the i-th exported frame (0-based within the range), in order.
    RenderedFrame take(int i) {
        auto frame = m_queues[i % m_queues.size()]->pop();
        if (!frame) return {QImage(), QStringLiteral("export stopped")};
        return std::move(*frame);
    }

    void stop() {
        m_stop = true;
        for (auto& queue : m_queues) queue->close();
        for (auto& thread : m_threads)
            if (thread.joinable()) thread.join();
    }

private:
    void work(int worker) {
        const int workers = static_cast<int>(m_queues.size());
        const int count = m_options.frameCount(static_cast<int>(m_animation.frames.size()));
        FrameRenderer renderer(m_images, m_animation.script, m_options.scale);
        for (int i = worker; i < count && !m_stop; i += workers) {
            const FrameSolution& frame = m_animation.frames[m_options.firstFrame + i];
            if (!m_queues[worker]->push(renderOne(renderer, frame))) return;
        }
    }

    // A frame that cannot be drawn for lack of memory fails the export with a message: an
    // exception must not leave a worker thread (that would end the program).
    RenderedFrame renderOne(FrameRenderer& renderer, const FrameSolution& frame) {
        try {
            RenderedFrame out{renderer.render(frame), {}};
            if (out.image.isNull())
                return {QImage(),
                        QStringLiteral("out of memory drawing frame %1").arg(frame.index)};
            if (m_options.format == ExportFormat::Png) {
                out.error = writePng(out.image, pngFramePath(m_options.output, frame.index));
                out.image = QImage();
            }
            return out;
        } catch (const std::bad_alloc&) {
            return {QImage(), QStringLiteral("out of memory drawing frame %1").arg(frame.index)};
        }
    }

    // Writes one PNG and remembers it, so a failed export can take back what it wrote. A symlink
    // in the way is replaced, not written through (export_options.h says so).
    QString writePng(const QImage& image, const QString& path) {
        if (QFileInfo(path).isSymLink()) QFile::remove(path);
        QImageWriter writer(path, "png");
        writer.setCompression(1);  // fast: PNG is lossless at any level
        const bool written = writer.write(image);
        if (written || QFileInfo(path).isFile()) {  // a failed write may leave part of a file
            const std::lock_guard lock(m_writtenMutex);
            m_written << path;
        }
        return written ? QString()
                       : QStringLiteral("cannot write %1: %2").arg(path, writer.errorString());
    }

public:
    // Removes every PNG this export wrote (after stop(): no worker writes any more).
    void removeWritten() {
        const std::lock_guard lock(m_writtenMutex);
        for (const QString& path : m_written) QFile::remove(path);
        m_written.clear();
    }

private:
    const Animation& m_animation;
    ImageLibrary& m_images;
    const ExportOptions& m_options;
    std::atomic<bool> m_stop = false;
    std::vector<std::unique_ptr<BoundedQueue<RenderedFrame>>> m_queues;
    std::vector<std::thread> m_threads;
    std::mutex m_writtenMutex;
    QStringList m_written;
};

bool prepareOutput(const ExportOptions& options, QString* error) {
    const QString folder = options.format == ExportFormat::Png && !options.output.contains('%')
                               ? options.output
                               : QFileInfo(options.output).absolutePath();
    if (QDir().mkpath(folder)) return true;
    *error = QStringLiteral("cannot create the folder %1").arg(folder);
    return false;
}

ExportResult failed(QString message, int written = 0) {
    return {ExportResult::Outcome::Failed, std::move(message), written};
}

// An export that does not complete leaves nothing behind: the video encoder removes its
// temporary file, the PNG frames written so far are removed.
void takeBack(RenderPool& pool, VideoEncoder& encoder) {
    pool.stop();
    encoder.abort();
    pool.removeWritten();
}

}  // namespace

ExportResult exportAnimation(const Animation& animation, ImageLibrary& images,
                             const ExportOptions& options, const std::atomic<bool>* cancel,
                             const std::function<void(const ExportProgress&)>& progress) {
    if (!animation.script) return failed(QStringLiteral("there is no animation to export"));
    const int animationFrames = static_cast<int>(animation.frames.size());
    if (QString problem = options.validate(animationFrames); !problem.isEmpty())
        return failed(problem);
    const Config& config = animation.script->config;
    if (const auto problem = canvasSizeProblem(config.width, config.height, options.scale))
        return failed(QString::fromStdString(*problem));
    if (!options.overwrite && !existingTargets(options, animationFrames).isEmpty())
        return failed(QStringLiteral("%1 exists already; not overwriting it")
                          .arg(existingTargets(options, animationFrames).front()));
    QString error;
    if (!prepareOutput(options, &error)) return failed(error);

    const int total = options.frameCount(animationFrames);
    const int cores = options.threads > 0 ? options.threads : QThread::idealThreadCount();
    const int workers = std::max(1, std::min(cores, total));
    VideoEncoder encoder;
    const bool video = options.format != ExportFormat::Png;
    if (video) {
        const auto container = options.format == ExportFormat::Gif ? VideoEncoder::Container::Gif
                                                                   : VideoEncoder::Container::Mp4;
        const QSize size = frameImageSize(config.width, config.height, options.scale);
        if (!encoder.start(options.output, container, size, config.fps, &error))
            return failed(error);
    }

    RenderPool pool(animation, images, options, workers);
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < total; ++i) {
        if (cancel && *cancel) {
            takeBack(pool, encoder);
            return {ExportResult::Outcome::Cancelled,
                    QStringLiteral("export cancelled; the frames written so far were removed"), 0};
        }
        RenderedFrame frame = pool.take(i);
        if (frame.error.isEmpty() && video) encoder.write(frame.image, &frame.error);
        if (!frame.error.isEmpty()) {
            takeBack(pool, encoder);
            return failed(frame.error, 0);
        }
        if (!progress) continue;
        const double perFrame = clock.elapsed() / 1000.0 / (i + 1);
        progress({i + 1, total, perFrame * (total - i - 1)});
    }
    pool.stop();
    if (video && !encoder.finish(&error)) {
        takeBack(pool, encoder);
        return failed(error, 0);
    }
    return {ExportResult::Outcome::Done,
            QStringLiteral("%1 %2 written to %3")
                .arg(total)
                .arg(total == 1 ? "frame" : "frames")
                .arg(options.output),
            total};
}

}  // namespace mv
