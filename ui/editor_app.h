#pragma once
// The entry points the `movimentum` program calls into the ui layer, so app/ stays argument
// parsing only.

#include <QString>

namespace mv {

struct EditorLaunch {
    QString file;  // empty: the pump sample
    // When set: wait until the animation is solved, save a screenshot of the window there and
    // quit (used by the screenshot test under xvfb-run).
    QString screenshotPath;
    // With a screenshot: "Thing.Anchor:DX,DY" takes it during a drag of that anchor by DX, DY.
    QString screenshotDrag;
};

// Runs the editor application; returns the process exit code.
int runEditorApplication(int argc, char** argv, const EditorLaunch& launch);

}  // namespace mv
