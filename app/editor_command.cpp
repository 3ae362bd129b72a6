// `movimentum [FILE]`: opens the editor on FILE (the pump sample without one). A hidden option,
// `--screenshot PATH`, saves a picture of the window once the animation is solved and quits; the
// screenshot test runs it under xvfb-run. With `--screenshot-drag Thing.Anchor:DX,DY` the picture
// is taken in the middle of a drag of that anchor by DX, DY world units.

#include <iostream>

#include "app/commands.h"
#include "core/printable.h"
#include "ui/editor_app.h"

namespace mv::app {

int runEditor(int argc, char** argv, const std::string& file) {
    EditorLaunch launch;
    launch.file = QString::fromStdString(file);
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--screenshot" && i + 1 < argc) {
            launch.screenshotPath = QString::fromLocal8Bit(argv[++i]);
            continue;
        }
        if (arg == "--screenshot-drag" && i + 1 < argc) {
            launch.screenshotDrag = QString::fromLocal8Bit(argv[++i]);
            continue;
        }
        std::cerr << "movimentum: unexpected argument '" << printable(arg) << "'\n";
        return kUsageError;
    }
    return runEditorApplication(argc, argv, launch);
}

}  // namespace mv::app
