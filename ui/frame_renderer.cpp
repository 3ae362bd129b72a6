#include "ui/frame_renderer.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

#include "ui/machine_scene.h"

namespace mv {

QSize frameImageSize(double width, double height, double scale) {
    return QSize(std::max(1, static_cast<int>(std::lround(width * scale))),
                 std::max(1, static_cast<int>(std::lround(height * scale))));
}

FrameRenderer::FrameRenderer(ImageLibrary& images, std::shared_ptr<const Script> script,
                             double scale)
    : m_scene(std::make_unique<MachineScene>(images, MachineScene::Mode::Export)) {
    m_size = frameImageSize(script->config.width, script->config.height, scale);
    m_scene->setScript(std::move(script));
}

FrameRenderer::~FrameRenderer() = default;

QImage FrameRenderer::render(const FrameSolution& frame) {
    m_scene->showFrame(frame);
    QImage image(m_size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    m_scene->render(&painter, QRectF(QPointF(0, 0), QSizeF(m_size)), m_scene->worldRect(),
                    Qt::IgnoreAspectRatio);
    return image;
}

}  // namespace mv
