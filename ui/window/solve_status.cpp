#include "ui/window/solve_status.h"

#include "ui/preview/preview_animation.h"

namespace mv {

QString counted(int n, const QString& noun) {
    return QStringLiteral("%1 %2%3").arg(n).arg(noun, n == 1 ? "" : "s");
}

SolveStatus::SolveStatus(QWidget* parent) : QLabel(parent) {
    setObjectName("solveStatus");
}

void SolveStatus::showState(const PreviewAnimation& shown, const QString& stale) {
    if (!stale.isEmpty()) {
        setText(stale);
        setStyleSheet("color: #8a5a00");
        return;
    }
    int failed = 0;
    for (const FrameSolution& frame : shown.solved()) failed += frame.failed;
    // Failed frames are among the solved count: say how many of all of them could not be solved.
    QString text;
    if (!shown.complete) {
        text = tr("solving… %1 of %2 frames").arg(shown.solvedCount()).arg(shown.frameCount());
        if (failed) text += tr(", %1 could not be solved").arg(failed);
    } else if (failed) {
        text = tr("%1 of %2 could not be solved")
                   .arg(failed)
                   .arg(counted(shown.solvedCount(), tr("frame")));
    } else {
        text = counted(shown.solvedCount(), tr("frame")) + tr(" solved");
    }
    setText(text);
    setStyleSheet(failed ? "color: #c01818" : "");
}

}  // namespace mv
