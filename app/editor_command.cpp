// `movimentum [FILE]`: opens the editor on FILE (the pump sample without one). Hidden options for
// the screenshot tests under xvfb-run: `--screenshot PATH` saves a picture of the window once the
// animation is solved and quits; `--reference WORD` opens the language reference at WORD (the
// picture is then of the reference).

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
        if (arg == "--reference" && i + 1 < argc) {
            launch.referenceTopic = QString::fromLocal8Bit(argv[++i]);
            continue;
        }
        std::cerr << "movimentum: unexpected argument '" << printable(arg) << "'\n";
        return kUsageError;
    }
    return runEditorApplication(argc, argv, launch);
}

}  // namespace mv::app
