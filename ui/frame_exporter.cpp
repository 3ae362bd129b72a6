#include "ui/frame_exporter.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QThread>

#include <memory>
#include <mutex>
#include <thread>
#include <vector>

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
            RenderedFrame out{renderer.render(frame), {}};
            if (m_options.format == ExportFormat::Png) {
                const QString path = pngFramePath(m_options.output, frame.index);
                QImageWriter writer(path, "png");
                writer.setCompression(1);  // fast: PNG is lossless at any level
                if (!writer.write(out.image))
                    out.error =
                        QStringLiteral("cannot write %1: %2").arg(path, writer.errorString());
                out.image = QImage();
            }
            if (!m_queues[worker]->push(std::move(out))) return;
        }
    }

    const Animation& m_animation;
    ImageLibrary& m_images;
    const ExportOptions& m_options;
    std::atomic<bool> m_stop = false;
    std::vector<std::unique_ptr<BoundedQueue<RenderedFrame>>> m_queues;
    std::vector<std::thread> m_threads;
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

}  // namespace

ExportResult exportAnimation(const Animation& animation, ImageLibrary& images,
                             const ExportOptions& options, const std::atomic<bool>* cancel,
                             const std::function<void(const ExportProgress&)>& progress) {
    if (!animation.script) return failed(QStringLiteral("there is no animation to export"));
    const int animationFrames = static_cast<int>(animation.frames.size());
    if (QString problem = options.validate(animationFrames); !problem.isEmpty())
        return failed(problem);
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
        const Config& config = animation.script->config;
        const QSize size = frameImageSize(config.width, config.height, options.scale);
        if (!encoder.start(options.output, container, size, config.fps, &error))
            return failed(error);
    }

    RenderPool pool(animation, images, options, workers);
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < total; ++i) {
        if (cancel && *cancel) {
            pool.stop();
            if (video) encoder.abort();
            return {ExportResult::Outcome::Cancelled, QStringLiteral("export cancelled"), i};
        }
        RenderedFrame frame = pool.take(i);
        if (frame.error.isEmpty() && video) encoder.write(frame.image, &frame.error);
        if (!frame.error.isEmpty()) {
            pool.stop();
            if (video) encoder.abort();
            return failed(frame.error, i);
        }
        if (!progress) continue;
        const double perFrame = clock.elapsed() / 1000.0 / (i + 1);
        progress({i + 1, total, perFrame * (total - i - 1)});
    }
    pool.stop();
    if (video && !encoder.finish(&error)) return failed(error, total);
    return {ExportResult::Outcome::Done,
            QStringLiteral("%1 %2 written to %3").arg(total).arg(total == 1 ? "frame" : "frames").arg(options.output), total};
}

}  // namespace mv
