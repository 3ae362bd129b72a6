#include "ui/export/render_pool.h"

#include <QThread>

#include <new>
#include <optional>

#include "ui/export/frame_renderer.h"
#include "ui/export/png_encoding.h"

namespace mv {

namespace {

// Frames a worker may have finished ahead of the consumer.
constexpr size_t kQueueDepth = 2;

RenderedFrame outOfMemory(const FrameSolution& frame) {
    return {frame.index, QImage(), QByteArray(),
            QStringLiteral("out of memory drawing frame %1").arg(frame.index)};
}

}  // namespace

RenderPool::RenderPool(const Animation& animation, ImageLibrary& images, double scale, int first,
                       int count, RenderProduct product, int workers)
    : m_animation(animation),
      m_images(images),
      m_scale(scale),
      m_first(first),
      m_count(count),
      m_product(product) {
    for (int w = 0; w < workers; ++w)
        m_queues.push_back(std::make_unique<BoundedQueue<RenderedFrame>>(kQueueDepth));
    for (int w = 0; w < workers; ++w) {
        m_threads.emplace_back(QThread::create([this, w] { work(w); }));
        m_threads.back()->start();
    }
}

RenderPool::~RenderPool() {
    stop();
}

RenderedFrame RenderPool::take(int i) {
    auto frame = m_queues[static_cast<size_t>(i) % m_queues.size()]->pop();
    if (!frame) return {i, QImage(), QByteArray(), QStringLiteral("export stopped")};
    return std::move(*frame);
}

void RenderPool::stop() {
    m_stop = true;
    for (auto& queue : m_queues) queue->close();
    for (auto& thread : m_threads) thread->wait();
}

void RenderPool::work(int worker) {
    const int workers = static_cast<int>(m_queues.size());
    std::optional<FrameRenderer> renderer;
    {
        const std::lock_guard lock(m_sceneLifetimes);
        renderer.emplace(m_images, m_animation.script, m_scale);
    }
    for (int i = worker; i < m_count && !m_stop; i += workers) {
        const FrameSolution& frame = m_animation.frames[static_cast<size_t>(m_first + i)];
        if (!m_queues[static_cast<size_t>(worker)]->push(renderOne(*renderer, frame))) break;
    }
    const std::lock_guard lock(m_sceneLifetimes);
    renderer.reset();
}

// A frame that cannot be drawn for lack of memory fails the export with a message: an exception
// must not leave a worker thread (that would end the program).
RenderedFrame RenderPool::renderOne(FrameRenderer& renderer, const FrameSolution& frame) {
    try {
        RenderedFrame out;
        out.index = frame.index;
        if (m_product == RenderProduct::Svg) {
            out.file = renderer.renderSvg(frame);
            return out.file.isEmpty() ? outOfMemory(frame) : out;
        }
        out.image = renderer.render(frame);
        if (out.image.isNull()) return outOfMemory(frame);
        if (m_product == RenderProduct::Image) return out;
        out.file = encodePng(out.image);
        out.image = QImage();
        return out.file.isEmpty() ? outOfMemory(frame) : out;
    } catch (const std::bad_alloc&) {
        return outOfMemory(frame);
    }
}

}  // namespace mv
