#pragma once
// The render workers of an export: N threads, each with its own FrameRenderer (a QGraphicsScene
// may only be used by one thread), take the frames of a range round-robin (worker w renders
// frames w, w+N, …) and hand them on through one bounded queue each; take(i) pops them in frame
// order. So the consumer sees an ordered stream, at most kQueueDepth + 1 frames per worker exist
// at a time, and the work that costs most (drawing, and encoding a PNG or SVG) runs on every core.
// The workers are QThreads, not std::threads: Qt keeps data per thread (font and paint caches)
// that it tears down properly only for its own threads, and a worker's scene is made and
// destroyed one worker at a time. A render whose encoder died at its first frame (a full disk)
// crashed in ~QGraphicsScene about once in three full test runs while two std::thread workers
// ended together (tests/app/full_disk_test.cpp, tests/ui/export_safety_test.cpp).

#include <QByteArray>
#include <QImage>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "solver/api/animation.h"
#include "ui/export/bounded_queue.h"

class QThread;

namespace mv {

class FrameRenderer;
class ImageLibrary;

// What a worker makes of a frame: the image (for a video encoder) or the file's bytes.
enum class RenderProduct { Image, Png, Svg };

struct RenderedFrame {
    int index = 0;    // the frame's index in the animation
    QImage image;     // RenderProduct::Image
    QByteArray file;  // RenderProduct::Png, Svg
    QString error;    // why the frame could not be made; then nothing else is set
};

class RenderPool {
public:
    // Renders frames [first, first + count) of `animation`, which (like `images`) must outlive
    // the pool. `workers` >= 1.
    RenderPool(const Animation& animation, ImageLibrary& images, double scale, int first, int count,
               RenderProduct product, int workers);
    ~RenderPool();
    RenderPool(const RenderPool&) = delete;
    RenderPool& operator=(const RenderPool&) = delete;

    // The i-th frame of the range (0-based), once it is ready; call with i = 0, 1, 2, … in order.
    RenderedFrame take(int i);
    // Stops the workers and waits for them; take() then returns an error.
    void stop();

private:
    void work(int worker);
    RenderedFrame renderOne(FrameRenderer& renderer, const FrameSolution& frame);

    const Animation& m_animation;
    ImageLibrary& m_images;
    const double m_scale;
    const int m_first;
    const int m_count;
    const RenderProduct m_product;
    std::atomic<bool> m_stop = false;
    std::mutex m_sceneLifetimes;  // one worker at a time makes or destroys its renderer
    std::vector<std::unique_ptr<BoundedQueue<RenderedFrame>>> m_queues;
    std::vector<std::unique_ptr<QThread>> m_threads;
};

}  // namespace mv
