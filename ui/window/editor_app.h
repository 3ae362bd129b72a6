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
    // When set: open the language reference at this word (the screenshot is then of it).
    QString referenceTopic;
};

// Registers the ui library's Qt resources (the icon, the language reference): resources compiled
// into a static library are not registered by themselves. runEditorApplication does it; tests
// that open the reference call it.
void registerEditorResources();

// Runs the editor application; returns the process exit code.
int runEditorApplication(int argc, char** argv, const EditorLaunch& launch);

}  // namespace mv
