#pragma once
// Renders frames of an animation to images, or to SVG documents, through a MachineScene of its own
// (Export mode: no anchor markers, no selection), the same scene class the canvas shows. One
// renderer per thread: a QGraphicsScene must only be used by the thread that uses it first.

#include <QByteArray>
#include <QImage>

#include <memory>

#include "core/model/script.h"
#include "solver/api/frame_solution.h"

class QPainter;

namespace mv {

class ImageLibrary;
class MachineScene;

class FrameRenderer {
public:
    // `images` is borrowed and must outlive the renderer.
    FrameRenderer(ImageLibrary& images, std::shared_ptr<const Script> script, double scale);
    ~FrameRenderer();

    // The image size: the world's width × height times the scale, rounded, at least 1×1.
    QSize imageSize() const { return m_size; }
    // An opaque image (Format_RGB32) on a white background.
    QImage render(const FrameSolution& frame);
    // The same frame as a vector SVG document of imageSize() (QSvgGenerator painted by the same
    // scene): bars and outlines stay vectors, image sprites are embedded as PNG.
    QByteArray renderSvg(const FrameSolution& frame);

private:
    void paint(QPainter& painter);

    std::unique_ptr<MachineScene> m_scene;
    QSize m_size;
};

// The image size for a world of `width` × `height` units at `scale` pixels per unit.
QSize frameImageSize(double width, double height, double scale);

}  // namespace mv
