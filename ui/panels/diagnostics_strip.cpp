#include "ui/panels/diagnostics_strip.h"

#include <QMouseEvent>

namespace mv {

DiagnosticsStrip::DiagnosticsStrip(QWidget* parent) : QLabel(parent) {
    // Ignored horizontally: a long message must not widen the panel, nor the window.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    setContentsMargins(6, 3, 6, 3);
    setCursor(Qt::PointingHandCursor);
    setTextFormat(Qt::PlainText);
}

void DiagnosticsStrip::setSummary(const QString& text, bool problems) {
    m_summary = text;
    setToolTip(text + "\n" + tr("Click or press F8 to open or close the list"));
    setStyleSheet(problems ? QStringLiteral("color: #c01818") : QStringLiteral("color: #5a5a5a"));
    elide();
}

void DiagnosticsStrip::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) emit clicked();
}

void DiagnosticsStrip::resizeEvent(QResizeEvent* event) {
    QLabel::resizeEvent(event);
    elide();
}

void DiagnosticsStrip::elide() {
    const int room = contentsRect().width();
    setText(fontMetrics().elidedText(m_summary, Qt::ElideRight, std::max(room, 0)));
}

}  // namespace mv
