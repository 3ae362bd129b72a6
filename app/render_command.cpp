// `movimentum render FILE -o OUT [--format F] [--scale S] [--frames A:B] [--force] [--quiet]
// [--traces LIST] [--editable]`:
// argument parsing and the progress line only; the rendering lives in ui/export/script_render.cpp.
//
// OUT is a folder for a PNG or SVG sequence (frame_0000.png, … named by the frame's index in the
// whole animation, so chunks rendered apart join), a pattern with one printf integer directive
// (out/frame_%04d.png), a file for a single frame (f.png), or a file for MP4, WebM, GIF, APNG and
// HTML. Without --format the format follows OUT's suffix, PNG for a folder; any other suffix is a
// usage error. --frames A:B renders frames A through B. Existing files are replaced only with
// --force (exit 2 otherwise). --editable writes the HTML page that edits the script in the
// browser (ui/export/editable_page.h) from the parts scripts/web.sh builds; where they are not
// built it says so and how, and writes nothing (exit 2).

#include <iostream>
#include <sstream>
#include <variant>

#include "app/command_line.h"
#include "app/commands.h"
#include "app/editable_parts.h"
#include "app/frames_option.h"
#include "app/input_file.h"
#include "app/render_progress.h"
#include "ui/export/headless_application.h"
#include "ui/export/script_render.h"

namespace mv::app {

namespace {

struct RenderArgs {
    std::string file;
    ExportOptions options;
    QStringList traces;  // Thing.Anchor names, for the HTML page
    bool quiet = false;
    bool editable = false;
};

bool parseScale(const QString& text, double& scale) {
    bool ok = false;
    scale = text.toDouble(&ok);
    return ok && scale > 0;
}

// The arguments, or the exit code when the command ends here (help, version, usage error).
std::variant<RenderArgs, int> parse(const std::vector<std::string>& args) {
    CommandLine line(
        "render", "render [options] FILE -o OUT",
        "Render the script's frames as a PNG or SVG sequence, as MP4, WebM, GIF or APNG\n"
        "(through ffmpeg), or as one HTML page with a player. Shows progress on standard\n"
        "error when it is a terminal.\n"
        "Exit codes: 0 written, 1 errors in the script, 2 usage or I/O error, 3 frames not "
        "solved.");
    line.parser().addPositionalArgument("FILE", "The script to render.");
    const QCommandLineOption output(
        {"o", "output"},
        "A folder or a pattern such as out/frame_%04d.png for a sequence; a file f.png for one "
        "frame; a file for a video or a page.",
        "OUT");
    const QCommandLineOption format(
        "format",
        "One of " + exportFormatNames() + "; by default from OUT's suffix (png for a folder).",
        "FORMAT");
    const QCommandLineOption scale("scale", "Pixels per canvas unit (at most 16; default 1).", "S");
    const QCommandLineOption frames("frames", QString("Render only %1.").arg(kFrameRangeHelp),
                                    "A:B");
    const QCommandLineOption force("force", "Replace files that exist already.");
    const QCommandLineOption quiet({"q", "quiet"}, "Print neither progress nor the summary.");
    const QCommandLineOption traces(
        "traces", "HTML: draw the paths of these anchors, e.g. Crank.Q,Piston.P.", "LIST");
    const QCommandLineOption editable(
        "editable",
        "HTML: the page that edits the script in the browser and solves it there as you type "
        "(built by scripts/web.sh).");
    line.parser().addOptions({output, format, scale, frames, force, quiet, traces, editable});
    if (const auto done = line.parse(args, 1, 1)) return *done;
    const QCommandLineParser& parser = line.parser();
    RenderArgs parsed;
    parsed.file = line.file();
    parsed.quiet = parser.isSet(quiet);
    parsed.options.overwrite = parser.isSet(force);
    parsed.options.output = parser.value(output);
    if (parsed.options.output.isEmpty()) return line.usageError("no output given (-o OUT)");
    if (parser.isSet(scale) && !parseScale(parser.value(scale), parsed.options.scale))
        return line.usageError("--scale needs a positive number");
    if (parser.isSet(frames)) {
        const auto range = parseFrameRange(parser.value(frames).toStdString());
        if (!range) return line.usageError(QString("--frames takes %1").arg(kFrameRangeHelp));
        parsed.options.frames = *range;
    }
    if (parser.isSet(format)) {
        if (!parseExportFormat(parser.value(format), &parsed.options.format))
            return line.usageError(
                QString("unknown format '%1' (%2)").arg(parser.value(format), exportFormatNames()));
    } else if (const auto named = formatForPath(parsed.options.output)) {
        parsed.options.format = *named;
    } else {
        return line.usageError(
            QString("'%1' names no format by its suffix: use one of %2, or --format")
                .arg(parsed.options.output, exportFormatNames()));
    }
    if (parser.isSet(traces)) {
        if (parsed.options.format != ExportFormat::Html)
            return line.usageError("--traces is for the HTML page (--format html)");
        parsed.traces = parser.value(traces).split(',', Qt::SkipEmptyParts);
    }
    parsed.editable = parser.isSet(editable);
    if (parsed.editable && parsed.options.format != ExportFormat::Html)
        return line.usageError("--editable is for the HTML page (--format html)");
    if (parsed.editable && (parser.isSet(traces) || parser.isSet(frames) || parser.isSet(scale)))
        return line.usageError(
            "--editable takes no --traces, --frames or --scale: the page solves every frame");
    return parsed;
}

}  // namespace

int runRender(const std::vector<std::string>& args) {
    const auto arguments = parse(args);
    if (const int* done = std::get_if<int>(&arguments)) return *done;
    const RenderArgs& parsed = std::get<RenderArgs>(arguments);
    std::string problem;
    std::optional<std::string> text = readInputFile(parsed.file, &problem);
    if (!text) {
        std::cerr << "render: " << problem << '\n';
        return kUsageError;
    }
    const HeadlessApplication application;
    ExportOptions options = parsed.options;
    if (parsed.editable) {
        const EditablePartsSearch parts = findEditableParts();
        if (parts.found.isEmpty()) {
            std::cerr << "render: --editable needs the editable page's parts (editable.html, "
                         "solver.js, editor.js), which are not built; looked in "
                      << parts.lookedIn.join(", ").toStdString()
                      << ". Build them with scripts/web.sh in Movimentum's source tree (into "
                         "build-web/page/), or set MOVIMENTUM_WEB_DIR to a folder holding them.\n";
            return kUsageError;
        }
        options.editableParts = parts.found;
    }
    RenderProgress progress(stderr);
    std::function<void(const ExportProgress&)> show;
    if (!parsed.quiet && RenderProgress::isTerminal(stderr))
        show = [&progress](const ExportProgress& p) { progress.show(p); };
    std::ostringstream discarded;
    switch (renderScript(QString::fromStdString(parsed.file), std::move(*text), options,
                         parsed.quiet ? discarded : std::cout, std::cerr, show, parsed.traces)) {
        case RenderOutcome::Done:
            return kSuccess;
        case RenderOutcome::ScriptErrors:
            return kScriptErrors;
        case RenderOutcome::IoError:
            return kUsageError;
        case RenderOutcome::FramesFailed:
            return kFramesFailed;
    }
    return kUsageError;
}

}  // namespace mv::app
