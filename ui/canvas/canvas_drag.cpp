#include "ui/canvas/canvas_drag.h"

#include <QApplication>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTextBlock>
#include <QTextCursor>

#include <algorithm>
#include <cmath>

#include "ui/canvas/canvas_view.h"
#include "ui/canvas/drag_session.h"
#include "ui/editor/number_literal.h"
#include "ui/editor/widget_positions.h"
#include "ui/preview/live_preview.h"
#include "ui/scene/anchor_item.h"
#include "ui/scene/thing_item.h"
#include "ui/timeline/timeline_panel.h"

namespace mv {

namespace {

constexpr int kMessageMs = 15000;
constexpr int kMaxDecimals = 6;

}  // namespace

CanvasDrag::CanvasDrag(CanvasView* canvas, LivePreview* preview, TimelinePanel* timeline,
                       QPlainTextEdit* editor, QStatusBar* status, QObject* parent)
    : QObject(parent),
      m_canvas(canvas),
      m_preview(preview),
      m_timeline(timeline),
      m_editor(editor),
      m_status(status) {
    m_canvas->viewport()->installEventFilter(this);
    // Queued, so it runs after the main window has shown the preview's frames.
    connect(m_preview, &LivePreview::framesAdded, this, &CanvasDrag::keepShowing,
            Qt::QueuedConnection);
    connect(m_preview, &LivePreview::animationComplete, this, &CanvasDrag::keepShowing,
            Qt::QueuedConnection);
}

CanvasDrag::~CanvasDrag() = default;

std::optional<Grip> CanvasDrag::gripAt(QPoint viewportPosition) const {
    QGraphicsItem* hit = m_canvas->itemAt(viewportPosition);
    if (auto* anchor = dynamic_cast<AnchorItem*>(hit)) {
        const ThingItem* thing = m_canvas->machineScene()->thingItem(anchor->thingId());
        const int a = anchor->anchorIndex();
        return Grip{anchor->thingId(), a, thing->thing().anchors[size_t(a)].local};
    }
    auto* thing = dynamic_cast<ThingItem*>(hit);
    if (!thing) return std::nullopt;
    // Item points are body points with y flipped (ThingItem::itemPoint).
    const QPointF item = thing->mapFromScene(m_canvas->mapToScene(viewportPosition));
    return Grip{thing->thingId(), -1, Vec2{item.x(), -item.y()}};
}

Vec2 CanvasDrag::mouseWorld(QPoint viewportPosition) const {
    return m_canvas->machineScene()->toWorld(m_canvas->mapToScene(viewportPosition));
}

bool CanvasDrag::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_canvas->viewport()) return false;
    switch (event->type()) {
        case QEvent::MouseButtonPress: {
            auto* mouse = static_cast<QMouseEvent*>(event);
            m_pressed.reset();
            if (mouse->button() != Qt::LeftButton) return false;
            m_pressed = gripAt(mouse->position().toPoint());
            m_pressAt = mouse->position().toPoint();
            m_pressWorld = mouseWorld(m_pressAt);
            return false;  // the view still selects what was pressed
        }
        case QEvent::MouseMove: {
            auto* mouse = static_cast<QMouseEvent*>(event);
            if (!m_pressed || !(mouse->buttons() & Qt::LeftButton)) return false;
            const QPoint at = mouse->position().toPoint();
            if (!m_session) {
                if ((at - m_pressAt).manhattanLength() < QApplication::startDragDistance())
                    return false;
                if (!begin(*m_pressed)) {
                    m_pressed.reset();
                    return false;
                }
            }
            moveTo(m_start + (mouseWorld(at) - m_pressWorld));
            return true;
        }
        case QEvent::MouseButtonRelease:
            m_pressed.reset();
            if (m_session) finish();
            return false;
        default:
            return false;
    }
}

bool CanvasDrag::begin(const Grip& grip) {
    const PreviewAnimation& shown = m_preview->shown();
    const FrameSolution* frame = shown.frame(m_timeline->currentFrame());
    if (!shown.script || !frame || !shown.complete) {
        say(tr("Nothing to drag until the animation is solved"));
        return false;
    }
    if (m_timeline->isPlaying()) m_timeline->togglePlay();  // playback would replace the frame
    m_script = shown.script;
    m_grip = grip;
    m_session = std::make_unique<DragSession>(m_script, shown.plan, *frame, grip,
                                              m_preview->solveOptions());
    if (!m_session->live()) {
        m_session.reset();
        say(tr("%1 has too many unknowns to drag live").arg(gripName()));
        return false;
    }
    connect(m_session.get(), &DragSession::solved, this, &CanvasDrag::show);
    m_start = frame->poses[grip.thing].apply(grip.local);
    const DragSource& source = m_session->source();
    if (!source.numbers.empty())
        say(tr("Dragging %1: moves the numbers on line %2")
                .arg(gripName())
                .arg(m_script->source->location(source.numbers.front().range.begin).line));
    else if (source.constraint)
        say(tr("Dragging %1, which %2: only what nothing fixes can move")
                .arg(gripName(), describeConstraint(*source.constraint)));
    else
        say(tr("Dragging %1, which no constraint places").arg(gripName()));
    return true;
}

void CanvasDrag::moveTo(Vec2 target) {
    if (!m_session) return;
    m_session->moveTo(target);
    const MachineScene* scene = m_canvas->machineScene();
    m_canvas->setDragLine(scene->toScene(m_start), scene->toScene(target));
}

void CanvasDrag::show(const FrameSolution& frame) {
    m_latest = frame;
    m_canvas->machineScene()->showFrame(frame);
}

void CanvasDrag::keepShowing() {
    if (!m_session) return;
    if (m_latest) m_canvas->machineScene()->showFrame(*m_latest);
    say(m_message);
}

void CanvasDrag::finish() {
    if (!m_session) return;
    const std::vector<double> values = m_session->finish();
    const DragSource source = m_session->source();
    m_canvas->clearDragLine();
    if (!source.numbers.empty()) {
        rewrite(values);
    } else {
        restoreFrame();
        say(source.constraint
                ? tr("%1 %2; the text is unchanged")
                      .arg(gripName(), describeConstraint(*source.constraint))
                : tr("%1 is not placed by any constraint; the text is unchanged").arg(gripName()));
    }
    m_session.reset();
    m_latest.reset();
}

// The drag's numbers as text: rounded to what a pixel resolves at this zoom, those that moved
// less than that left as written. All in one edit block, so one undo restores them.
void CanvasDrag::rewrite(const std::vector<double>& values) {
    const SourceText& source = *m_script->source;
    if (m_editor->toPlainText().toStdString() != source.text()) {
        restoreFrame();
        say(tr("The script changed during the drag; the text is unchanged"));
        return;
    }
    const std::vector<WrittenNumber>& numbers = m_session->source().numbers;
    const int places = decimals();
    const WidgetPositions positions(source.text());
    QTextCursor cursor(m_editor->document());
    cursor.beginEditBlock();
    // From the last number to the first, so the earlier offsets stay valid.
    for (size_t i = numbers.size(); i-- > 0;) {
        const QString text = formatNumber(values[i], places);
        if (std::abs(text.toDouble() - numbers[i].value) < 0.5 * std::pow(10.0, -places)) continue;
        cursor.setPosition(positions.toPosition(numbers[i].range.begin));
        cursor.setPosition(positions.toPosition(numbers[i].range.end), QTextCursor::KeepAnchor);
        cursor.insertText(text);
    }
    cursor.endEditBlock();
    const int line = int(source.location(numbers.front().range.begin).line);
    const QString now = m_editor->document()->findBlockByNumber(line - 1).text().trimmed();
    const QString message = tr("%1 moved: line %2 now reads %3").arg(gripName()).arg(line).arg(now);
    say(message);
    m_preview->runNow();
    // Solving the new text replaces the status message; say it again once it is shown.
    connect(
        m_preview, &LivePreview::animationComplete, this, [this, message] { say(message); },
        Qt::SingleShotConnection);
}

void CanvasDrag::restoreFrame() {
    if (const FrameSolution* frame = m_preview->shown().frame(m_timeline->currentFrame()))
        m_canvas->machineScene()->showFrame(*frame);
}

void CanvasDrag::say(const QString& message) {
    m_message = message;
    m_status->showMessage(message, kMessageMs);
}

QString CanvasDrag::gripName() const {
    const Thing& thing = m_script->things[m_grip.thing];
    if (m_grip.anchor < 0) return QString::fromStdString(thing.name);
    return QString::fromStdString(thing.name + "." + thing.anchors[size_t(m_grip.anchor)].name);
}

// "is held by line 15: Conrod.P = Crank.Q"
QString CanvasDrag::describeConstraint(ConstraintId id) const {
    const Constraint& c = m_script->constraints[id];
    const SourceText& source = *m_script->source;
    const std::string_view text = source.slice(c.range);
    return tr("is held by line %1: %2")
        .arg(source.location(c.range.begin).line)
        .arg(QString::fromUtf8(text.data(), qsizetype(text.size())));
}

// Digits after the point that one screen pixel resolves at the canvas's zoom.
int CanvasDrag::decimals() const {
    const double pixelsPerUnit = m_canvas->transform().m11();
    if (!(pixelsPerUnit > 0)) return 0;
    return std::clamp(int(std::floor(std::log10(pixelsPerUnit) + 0.5)), 0, kMaxDecimals);
}

}  // namespace mv
