#include "ui/script_render.h"

#include <QFileInfo>

#include <ostream>

#include "core/compile.h"
#include "solver/animation.h"
#include "ui/frame_exporter.h"
#include "ui/image_library.h"
#include "ui/script_file.h"

namespace mv {

RenderOutcome renderScriptFile(const QString& scriptPath, const ExportOptions& options,
                               std::ostream& out, std::ostream& err) {
    QString text, error;
    if (!readScriptFile(scriptPath, &text, &error)) {
        err << error.toStdString() << '\n';
        return RenderOutcome::IoError;
    }
    auto source = std::make_shared<const SourceText>(scriptPath.toStdString(), text.toStdString());
    const CompileResult compiled =
        compileScript(source, QFileInfo(scriptPath).absolutePath().toStdString());
    bool errors = false;
    for (const Diagnostic& d : compiled.diagnostics) {
        err << formatDiagnostic(*source, d) << '\n';
        errors = errors || d.severity == Severity::Error;
    }
    if (errors || !compiled.script) return RenderOutcome::ScriptErrors;

    SolveOptions solveOptions;
    solveOptions.endFrame = options.endFrame;
    const Animation animation = solveAnimation(compiled.script, solveOptions);
    for (const Diagnostic& d : animation.diagnostics) err << formatDiagnostic(*source, d) << '\n';
    ImageLibrary images;
    const ExportResult result = exportAnimation(animation, images, options);
    if (result.outcome != ExportResult::Outcome::Done) {
        err << "render: " << result.message.toStdString() << '\n';
        return RenderOutcome::IoError;
    }
    out << result.message.toStdString() << '\n';
    int failed = 0;
    const int end =
        options.firstFrame + options.frameCount(static_cast<int>(animation.frames.size()));
    for (int i = options.firstFrame; i < end; ++i) {
        const FrameSolution& frame = animation.frames[i];
        if (!frame.failed) continue;
        ++failed;
        err << "frame " << frame.index << " could not be solved";
        if (!frame.summary.off.empty()) err << ": " << describeOff(*animation.script, frame.summary.off.front());
        err << '\n';
    }
    return failed ? RenderOutcome::FramesFailed : RenderOutcome::Done;
}

}  // namespace mv
