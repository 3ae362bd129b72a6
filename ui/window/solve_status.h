#pragma once
// The status bar's account of the animation shown: "solving… 40 of 326 frames", "326 frames
// solved", "3 of 326 frames could not be solved" — and, while the text has errors and the canvas
// still shows the last version that compiled, that it is that version (the canvas is veiled the
// same, CanvasView::setStaleNotice): a count of solved frames would claim the text's.

#include <QLabel>

namespace mv {

struct PreviewAnimation;

class SolveStatus : public QLabel {
    Q_OBJECT
public:
    explicit SolveStatus(QWidget* parent = nullptr);

    // `stale` says which version is shown while the text has errors; empty when it is the text's.
    void showState(const PreviewAnimation& shown, const QString& stale);
};

// "1 frame", "301 frames" (English only, like the rest of the interface).
QString counted(int n, const QString& noun);

}  // namespace mv
