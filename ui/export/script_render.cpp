#include "ui/export/script_render.h"

#include <QFileInfo>

#include <ostream>

#include "core/compile.h"
#include "core/diagnostics/limits.h"
#include "core/text/printable.h"
#include "solver/api/animation.h"
#include "ui/export/editable_page.h"
#include "ui/export/frame_exporter.h"
#include "ui/files/file_replacement.h"
#include "ui/scene/image_files.h"
#include "ui/scene/image_library.h"

namespace mv {

namespace {

// The canvas at the export's scale: the script's own size passed the analyzer's check at scale 1,
// but --scale 16 can still ask for frames too large to hold.
bool canvasFits(const Script& script, double scale, std::ostream& err) {
    const Config& config = script.config;
    const auto problem = canvasSizeProblem(config.width, config.height, scale);
    if (!problem) return true;
    err << formatDiagnostic(*script.source, makeDiagnostic(config.range, *problem)) << '\n';
    return false;
}

// "Crank.Q" -> (thing, anchor) of the script; false with the name on `err` when there is none.
bool resolveTraces(const Script& script, const QStringList& names,
                   std::vector<std::pair<ThingId, int>>* traces, std::ostream& err) {
    for (const QString& name : names) {
        const QStringList parts = name.trimmed().split('.');
        const int thing = parts.size() == 2 ? script.thingIndex(parts[0].toStdString()) : -1;
        const int anchor =
            thing < 0
                ? -1
                : script.things[static_cast<size_t>(thing)].anchorIndex(parts[1].toStdString());
        if (anchor < 0) {
            err << "render: --traces: there is no anchor " << printable(name.toStdString())
                << " (write Thing.Anchor, e.g. Crank.Q)\n";
            return false;
        }
        traces->emplace_back(ThingId{static_cast<uint32_t>(thing)}, anchor);
    }
    return true;
}

// The editable page (editable_page.h): nothing solved here, the page's worker solves.
RenderOutcome writeEditablePage(const Script& script, const ExportOptions& options,
                                std::ostream& out, std::ostream& err) {
    if (!options.overwrite && QFileInfo::exists(options.output)) {
        err << "render: " << printable(options.output.toStdString())
            << " exists already; not overwriting it\n";
        return RenderOutcome::IoError;
    }
    QString error;
    const QByteArray page = editablePage(script, options.editableParts, &error);
    if (error.isEmpty()) error = replaceFile(options.output, page);
    if (!error.isEmpty()) {
        err << "render: " << printable(error.toStdString()) << '\n';
        return RenderOutcome::IoError;
    }
    out << "editable page written to " << printable(options.output.toStdString()) << '\n';
    return RenderOutcome::Done;
}

}  // namespace

RenderOutcome renderScript(const QString& scriptPath, std::string text,
                           const ExportOptions& options, std::ostream& out, std::ostream& err,
                           const std::function<void(const ExportProgress&)>& progress,
                           const QStringList& traces) {
    auto source = std::make_shared<const SourceText>(scriptPath.toStdString(), std::move(text));
    ImageLibrary images(ImageLibrary::Decoding::Full, pictureDecodeScale(options));
    const CompileResult compiled =
        compileScript(source, ImageFiles(images, QFileInfo(scriptPath).absolutePath()));
    bool errors = false;
    for (const Diagnostic& d : compiled.diagnostics) {
        err << formatDiagnostic(*source, d) << '\n';
        errors = errors || d.severity == Severity::Error;
    }
    if (errors || !compiled.script) return RenderOutcome::ScriptErrors;
    if (!options.editableParts.isEmpty())
        return writeEditablePage(*compiled.script, options, out, err);
    if (!canvasFits(*compiled.script, options.scale, err)) return RenderOutcome::IoError;
    ExportOptions chosen = options;
    if (!resolveTraces(*compiled.script, traces, &chosen.traces, err))
        return RenderOutcome::IoError;

    SolveOptions solveOptions;
    solveOptions.endFrame = options.frames.leadingFrames();
    const Animation animation = solveAnimation(compiled.script, solveOptions);
    for (const Diagnostic& d : animation.diagnostics) err << formatDiagnostic(*source, d) << '\n';
    const ExportResult result = exportAnimation(animation, images, chosen, nullptr, progress);
    if (result.outcome != ExportResult::Outcome::Done) {
        err << "render: " << printable(result.message.toStdString()) << '\n';
        return RenderOutcome::IoError;
    }
    out << printable(result.message.toStdString()) << '\n';
    int failed = 0;
    const FrameRange frames = options.framesOf(static_cast<int>(animation.frames.size()));
    for (int i = frames.first; i <= frames.last; ++i) {
        const FrameSolution& frame = animation.frames[i];
        if (!frame.failed) continue;
        ++failed;
        err << "frame " << frame.index << " could not be solved";
        if (!frame.summary.off.empty())
            err << ": " << describeOff(*animation.script, frame.summary.off.front());
        err << '\n';
    }
    return failed ? RenderOutcome::FramesFailed : RenderOutcome::Done;
}

}  // namespace mv
