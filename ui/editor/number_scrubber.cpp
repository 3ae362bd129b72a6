#include "ui/editor/number_scrubber.h"

#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QTextBlock>

#include <cmath>

namespace mv {

NumberScrubber::NumberScrubber(QPlainTextEdit* editor, QObject* parent)
    : QObject(parent), m_editor(editor) {
    m_editor->viewport()->installEventFilter(this);
    m_editor->viewport()->setMouseTracking(true);  // the hover with Ctrl held shows the cursor
}

QString NumberScrubber::hintAt(int position) const {
    const QTextBlock block = m_editor->document()->findBlock(position);
    if (!block.isValid() || !numberAt(block.text(), position - block.position())) return {};
    return tr("Ctrl+drag sideways to change this number");
}

// Without a button: with Ctrl or Alt held over a number, the cursor says it can be dragged.
void NumberScrubber::hover(const QMouseEvent& event) {
    const bool held = !!(event.modifiers() & (Qt::ControlModifier | Qt::AltModifier));
    const QTextCursor at = m_editor->cursorForPosition(event.position().toPoint());
    if (held && numberAt(at.block().text(), at.positionInBlock()))
        m_editor->viewport()->setCursor(Qt::SizeHorCursor);
    else
        m_editor->viewport()->setCursor(Qt::IBeamCursor);
}

bool NumberScrubber::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_editor->viewport()) return false;
    switch (event->type()) {
        case QEvent::MouseButtonPress:
        case QEvent::MouseButtonDblClick:
            return press(static_cast<QMouseEvent&>(*event));
        case QEvent::MouseMove:
            if (!m_number) {
                if (static_cast<QMouseEvent&>(*event).buttons() == Qt::NoButton)
                    hover(static_cast<QMouseEvent&>(*event));
                return false;
            }
            move(static_cast<QMouseEvent&>(*event));
            return true;
        case QEvent::MouseButtonRelease:
            if (!m_number) return false;
            m_number.reset();
            m_editor->viewport()->unsetCursor();
            return true;
        default:
            return false;
    }
}

bool NumberScrubber::press(const QMouseEvent& event) {
    m_number.reset();
    if (event.button() != Qt::LeftButton ||
        !(event.modifiers() & (Qt::ControlModifier | Qt::AltModifier)))
        return false;
    const QTextCursor at = m_editor->cursorForPosition(event.position().toPoint());
    const QTextBlock block = at.block();
    m_number = numberAt(block.text(), at.positionInBlock());
    if (!m_number) return false;
    m_number->position += block.position();
    m_length = m_number->length;
    m_pressX = event.position().toPoint().x();
    m_edited = false;
    m_editor->viewport()->setCursor(Qt::SizeHorCursor);
    return true;
}

void NumberScrubber::move(const QMouseEvent& event) {
    const int steps = (event.position().toPoint().x() - m_pressX) / kPixelsPerStep;
    const double value = m_number->value + steps * std::pow(10.0, -m_number->decimals);
    const QString text = formatNumber(value, m_number->decimals);
    QTextCursor cursor(m_editor->document());
    cursor.setPosition(m_number->position);
    cursor.setPosition(m_number->position + m_length, QTextCursor::KeepAnchor);
    if (cursor.selectedText() == text) return;
    if (m_edited)
        cursor.joinPreviousEditBlock();
    else
        cursor.beginEditBlock();
    cursor.insertText(text);
    cursor.endEditBlock();
    m_edited = true;
    m_length = int(text.size());
    emit changed();
}

}  // namespace mv
