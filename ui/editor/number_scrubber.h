#pragma once
// Scrubbing a number in the script (docs/editor.md), as in Bret Victor's and Tangle's live
// numbers: Ctrl+drag (or Alt+drag) on a number moves it up to the right and down to the left, one
// unit of its last written digit (1 for `330`, 0.1 for `1.5`) every kPixelsPerStep pixels, and the
// canvas follows: each new value is solved at once (changed() -> LivePreview::runNow). The whole
// scrub is one undo step: its first change opens an edit block and each later one joins it.
//
// It watches the editor's viewport, so the editor itself needs no change; the press of a scrub is
// its own (no selection, no cursor move). It is found by the eye: with Ctrl or Alt held the cursor
// turns into a sideways arrow over a number, and hovering a number says so (hintAt).

#include <QObject>
#include <QString>

#include <optional>

#include "ui/editor/number_literal.h"

class QMouseEvent;
class QPlainTextEdit;

namespace mv {

class NumberScrubber : public QObject {
    Q_OBJECT
public:
    static constexpr int kPixelsPerStep = 2;

    // `editor` is borrowed and must outlive this object.
    explicit NumberScrubber(QPlainTextEdit* editor, QObject* parent = nullptr);

    bool isScrubbing() const { return m_number.has_value(); }
    // "Ctrl+drag sideways to change this number" over a number (the editor's hover shows it, so
    // the scrub can be found), else empty.
    QString hintAt(int position) const;

signals:
    void changed();  // the number's text changed

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool press(const QMouseEvent& event);
    void move(const QMouseEvent& event);
    void hover(const QMouseEvent& event);

    QPlainTextEdit* m_editor;
    std::optional<NumberLiteral> m_number;  // as pressed; position is in the document
    int m_length = 0;                       // of its text now
    int m_pressX = 0;
    bool m_edited = false;  // the scrub's edit block is open on the undo stack
};

}  // namespace mv
