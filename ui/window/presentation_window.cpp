#include "ui/window/presentation_window.h"

#include <QKeyEvent>
#include <QPainter>
#include <QScreen>

#include <algorithm>

#include "core/model/time_markers.h"
#include "ui/scene/machine_scene.h"

namespace mv {

namespace {

constexpr int kTickMs = 10;  // how often a run looks at the clock, as the timeline's playback

std::vector<int> markerFrames(const Animation& animation) {
    std::vector<int> frames;
    const double startTime = animation.plan.frames.empty() ? 0 : animation.plan.frames.front().time;
    for (const TimeMarker& marker : timeMarkers(*animation.script, startTime))
        frames.push_back(marker.frame);
    return frames;
}

}  // namespace

PresentationWindow::PresentationWindow(std::shared_ptr<const Animation> animation,
                                       ImageLibrary& images, int frame, QWidget* parent)
    : QWidget(parent, Qt::Window),
      m_animation(std::move(animation)),
      m_scene(std::make_unique<MachineScene>(images, MachineScene::Mode::Export)),
      m_presentation(markerFrames(*m_animation),
                     FrameRange::all(static_cast<int>(m_animation->frames.size())),
                     m_animation->script->config.fps) {
    setWindowTitle(tr("Presentation — Movimentum"));
    // The whole screen even where no window manager makes it so: full screen alone leaves a
    // window the size of its contents' hint, 100 × 30 pixels.
    if (parent) setGeometry(parent->screen()->geometry());
    setAttribute(Qt::WA_OpaquePaintEvent);
    setCursor(Qt::BlankCursor);
    m_scene->setScript(m_animation->script);
    m_presentation.standAt(frame);
    show(m_presentation.frame());
    m_timer.setInterval(kTickMs);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] { tick(m_clock.nsecsElapsed() / 1e6); });
    m_clock.start();
    m_timer.start();
}

PresentationWindow::~PresentationWindow() = default;

void PresentationWindow::show(int frame) {
    if (frame >= 0 && frame < static_cast<int>(m_animation->frames.size()))
        m_scene->showFrame(m_animation->frames[static_cast<size_t>(frame)]);
    update();
    emit frameShown(frame);
}

void PresentationWindow::tick(double nowMs) {
    if (m_presentation.advance(nowMs)) show(m_presentation.frame());
}

// The world as large as the window allows, its aspect kept, on black; drawn as the PNG export
// draws it (FrameRenderer): antialiased, images smoothly transformed, on white.
void PresentationWindow::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), Qt::black);
    const QRectF world = m_scene->worldRect();
    if (world.isEmpty()) return;
    const double fit = std::min(width() / world.width(), height() / world.height());
    QRectF target(0, 0, world.width() * fit, world.height() * fit);
    target.moveCenter(QRectF(rect()).center());
    painter.fillRect(target, Qt::white);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    m_scene->render(&painter, target, world, Qt::IgnoreAspectRatio);
    paintCaption(painter);
}

// Under the picture, small and grey on the black: where the run is and how to leave.
void PresentationWindow::paintCaption(QPainter& painter) const {
    const int line = fontMetrics().height();
    const QRect caption = rect().adjusted(line, 0, -line, -line / 2);
    painter.setPen(QColor(150, 150, 150));
    painter.drawText(caption, Qt::AlignBottom | Qt::AlignRight, counterText());
    painter.drawText(caption, Qt::AlignBottom | Qt::AlignLeft, hintText());
}

QString PresentationWindow::counterText() const {
    const std::vector<int>& stops = m_presentation.stops();
    const auto passed = std::upper_bound(stops.begin(), stops.end(), m_presentation.frame());
    return QStringLiteral("%1 / %2")
        .arg(std::max<long>(1, passed - stops.begin()))
        .arg(stops.size());
}

QString PresentationWindow::hintText() {
    return tr("Space or \u2192 goes on, \u2190 goes back, Esc leaves");
}

void PresentationWindow::keyPressEvent(QKeyEvent* event) {
    const int before = m_presentation.frame();
    switch (event->key()) {
        case Qt::Key_Space:
        case Qt::Key_Right:
        case Qt::Key_PageDown:
        case Qt::Key_Return:
        case Qt::Key_Enter:
            m_presentation.forward(m_clock.nsecsElapsed() / 1e6);
            break;
        case Qt::Key_Left:
        case Qt::Key_PageUp:
        case Qt::Key_Backspace:
            m_presentation.back();
            break;
        case Qt::Key_Escape:
            close();
            return;
        default:
            return QWidget::keyPressEvent(event);
    }
    if (m_presentation.frame() != before) show(m_presentation.frame());
}

// A click goes on, as on a slide.
void PresentationWindow::mousePressEvent(QMouseEvent*) {
    m_presentation.forward(m_clock.nsecsElapsed() / 1e6);
}

}  // namespace mv
