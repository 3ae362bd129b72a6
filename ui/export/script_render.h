#pragma once
// `movimentum render` without its argument parsing: compile a script file, solve its frames and
// export them, printing diagnostics and progress like the other headless commands. Runs on the
// calling thread (render workers fan out from it); needs a QApplication (offscreen is fine).

#include <QString>
#include <QStringList>

#include <functional>
#include <iosfwd>
#include <string>

#include "ui/export/export_options.h"
#include "ui/export/frame_exporter.h"

namespace mv {

enum class RenderOutcome {
    Done,
    ScriptErrors,  // the script has errors; nothing was rendered
    IoError,       // unwritable output, a canvas too large at this scale, ffmpeg missing or failing
    FramesFailed,  // everything was written, but some frames could not be solved
};

// `text` is the script read from `scriptPath` (whose folder holds its images).
// `options.endFrame` also limits how far the animation is solved. `progress` (may be empty) is
// told of every exported frame, and gets ExportStage::Over before anything is printed after
// the export.
// `traces` names anchors ("Crank.Q") whose paths the HTML page draws; an unknown one is an
// IoError (a usage error) named on `err`.
RenderOutcome renderScript(const QString& scriptPath, std::string text,
                           const ExportOptions& options, std::ostream& out, std::ostream& err,
                           const std::function<void(const ExportProgress&)>& progress = {},
                           const QStringList& traces = {});

}  // namespace mv
