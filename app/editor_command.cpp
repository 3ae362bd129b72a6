// `movimentum [FILE]`: opens the editor on FILE (the pump sample without one). Hidden options for
// the screenshot tests under xvfb-run: `--screenshot PATH` saves a picture of the window once the
// animation is solved and quits; with `--screenshot-drag Thing.Anchor:DX,DY` the picture is taken
// in the middle of a drag of that anchor by DX, DY world units; `--reference WORD` opens the
// language reference at WORD (the picture is then of the reference).

#include "app/command_line.h"
#include "app/commands.h"
#include "ui/window/editor_app.h"

namespace mv::app {

int runEditor(int argc, char** argv) {
    CommandLine line({}, "[options] [FILE]",
                     "Open the editor on FILE, or on the pump sample without one.\n"
                     "Sub-commands: check, solve, render (movimentum COMMAND --help).");
    line.parser().addPositionalArgument("FILE", "The script to open.", "[FILE]");
    QCommandLineOption screenshot("screenshot", "Save a picture of the window and quit.", "PATH");
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    line.parser().addOption(screenshot);
    QCommandLineOption screenshotDrag("screenshot-drag",
                                      "With --screenshot: take it during a drag of an anchor.",
                                      "THING.ANCHOR:DX,DY");
    screenshotDrag.setFlags(QCommandLineOption::HiddenFromHelp);
    line.parser().addOption(screenshotDrag);
    QCommandLineOption reference("reference", "Open the language reference at WORD.", "WORD");
    reference.setFlags(QCommandLineOption::HiddenFromHelp);
    line.parser().addOption(reference);
    if (const auto done = line.parse({argv + 1, argv + argc}, 0, 1)) return *done;
    EditorLaunch launch;
    launch.file = line.parser().positionalArguments().value(0);
    launch.screenshotPath = line.parser().value(screenshot);
    launch.screenshotDrag = line.parser().value(screenshotDrag);
    launch.referenceTopic = line.parser().value(reference);
    return runEditorApplication(argc, argv, launch);
}

}  // namespace mv::app
