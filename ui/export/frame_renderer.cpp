#include "ui/export/frame_renderer.h"

#include <QBuffer>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>

#include "solver/api/player_data.h"
#include "ui/scene/machine_scene.h"

namespace mv {

QSize frameImageSize(double width, double height, double scale) {
    return QSize(framePixels(width, scale), framePixels(height, scale));
}

FrameRenderer::FrameRenderer(ImageLibrary& images, std::shared_ptr<const Script> script,
                             double scale)
    : m_scene(std::make_unique<MachineScene>(images, MachineScene::Mode::Export)) {
    m_size = frameImageSize(script->config.width, script->config.height, scale);
    m_scene->setScript(std::move(script));
}

FrameRenderer::~FrameRenderer() = default;

void FrameRenderer::paint(QPainter& painter) {
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    m_scene->render(&painter, QRectF(QPointF(0, 0), QSizeF(m_size)), m_scene->worldRect(),
                    Qt::IgnoreAspectRatio);
}

QImage FrameRenderer::render(const FrameSolution& frame) {
    m_scene->showFrame(frame);
    QImage image(m_size, QImage::Format_RGB32);
    if (image.isNull()) return image;
    image.fill(Qt::white);
    QPainter painter(&image);
    paint(painter);
    return image;
}

QByteArray FrameRenderer::renderSvg(const FrameSolution& frame) {
    m_scene->showFrame(frame);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    // The size is written in mm from the resolution: at CSS's 96 per inch it is m_size in px.
    svg.setResolution(96);
    svg.setSize(m_size);
    svg.setViewBox(QRect(QPoint(0, 0), m_size));
    svg.setTitle(QStringLiteral("frame %1").arg(frame.index));
    QPainter painter(&svg);
    painter.fillRect(QRect(QPoint(0, 0), m_size), Qt::white);
    paint(painter);
    painter.end();
    return bytes;
}

}  // namespace mv
