// `movimentum solve FILE [--frames A:B] [--json|--csv] [--velocities] [--forces]`: compiles a
// script, solves its animation and prints every frame's poses, anchor positions, named variables
// and element states, as readable text, JSON or CSV (solver/api/solve_text.h and solve_output.h;
// the formats are in docs/command-line.md). Exit codes as docs/command-line.md lists them.

#include <filesystem>
#include <iostream>
#include <optional>
#include <variant>

#include "app/command_line.h"
#include "app/commands.h"
#include "app/frames_option.h"
#include "app/input_file.h"
#include "app/sized_images.h"
#include "core/compile.h"
#include "core/diagnostics/limits.h"
#include "solver/api/animation.h"
#include "solver/api/output_buffer.h"
#include "solver/api/solve_output.h"
#include "solver/api/solve_text.h"
#include "ui/export/headless_application.h"

namespace mv::app {

namespace {

struct SolveArguments {
    std::string file;
    FrameRange frames = FrameRange::from(0);
    enum class Form { Text, Json, Csv } form = Form::Text;
    SolveTextDetail detail;  // text: velocities and accelerations, forces
};

// The arguments, or the exit code when the command ends here (help, version, usage error).
std::variant<SolveArguments, int> parseArguments(const std::vector<std::string>& args) {
    CommandLine line(
        "solve", "solve [options] FILE",
        "Solve every frame of the script and print, for each, the time, the pose and anchor\n"
        "positions of every thing, the named variables and the element states: as text, as one\n"
        "JSON document (--json) or as CSV with one row per frame (--csv).\n"
        "Exit codes: 0 solved, 1 errors in the script, 2 usage or I/O error, 3 frames not "
        "solved.");
    line.parser().addPositionalArgument("FILE", "The script to solve.");
    const QCommandLineOption frames("frames", QString("Print only %1.").arg(kFrameRangeHelp),
                                    "A:B");
    const QCommandLineOption json("json", "Print one JSON document (docs/command-line.md).");
    const QCommandLineOption csv("csv", "Print CSV: a header, then one row per frame.");
    const QCommandLineOption velocities(
        "velocities", "In the text, each anchor's exact velocity and acceleration too.");
    const QCommandLineOption forces(
        "forces",
        "In the text, what each constraint carries, the energy and the unheld loads "
        "(with masses in the script).");
    line.parser().addOptions({frames, json, csv, velocities, forces});
    if (const auto done = line.parse(args, 1, 1)) return *done;
    SolveArguments parsed;
    parsed.file = line.file();
    if (line.parser().isSet(json) && line.parser().isSet(csv))
        return line.usageError("--json and --csv cannot be combined");
    if (line.parser().isSet(json)) parsed.form = SolveArguments::Form::Json;
    if (line.parser().isSet(csv)) parsed.form = SolveArguments::Form::Csv;
    parsed.detail = {line.parser().isSet(velocities), line.parser().isSet(forces)};
    if (line.parser().isSet(frames)) {
        const auto range = parseFrameRange(line.parser().value(frames).toStdString());
        if (!range) return line.usageError(QString("--frames takes %1").arg(kFrameRangeHelp));
        parsed.frames = *range;
    }
    return parsed;
}

struct Printed {
    bool solved = true;   // every printed frame was solved
    bool written = true;  // and standard output took it all
};

Printed print(const SolveArguments& parsed, const SourceText& source,
              const std::vector<Diagnostic>& compileDiagnostics, const Animation& animation) {
    if (parsed.form == SolveArguments::Form::Text) {
        Printed printed;
        for (const FrameSolution& frame : animation.frames) {
            if (!parsed.frames.contains(frame.index)) continue;
            writeSolveText(std::cout, *animation.script, frame, parsed.detail);
            printed.solved = printed.solved && !frame.failed;
        }
        printed.written = static_cast<bool>(std::cout.flush());
        return printed;
    }
    OutputBuffer out(stdout);
    if (parsed.form == SolveArguments::Form::Csv) {
        const bool solved = writeSolveCsv(out, animation, parsed.frames);
        return {solved, out.flush()};
    }
    std::vector<Diagnostic> all = compileDiagnostics;
    all.insert(all.end(), animation.diagnostics.begin(), animation.diagnostics.end());
    const bool solved = writeSolveJson(out, source, all, animation, parsed.frames);
    return {solved, out.flush()};
}

}  // namespace

int runSolve(const std::vector<std::string>& args) {
    const auto arguments = parseArguments(args);
    if (const int* done = std::get_if<int>(&arguments)) return *done;
    const SolveArguments& parsed = std::get<SolveArguments>(arguments);
    std::string problem;
    auto text = readInputFile(parsed.file, &problem);
    if (!text) {
        std::cerr << "movimentum solve: " << problem << '\n';
        return kUsageError;
    }
    auto source = std::make_shared<const SourceText>(parsed.file, std::move(*text));
    const std::string folder = std::filesystem::path(parsed.file).parent_path().string();
    const HeadlessApplication application;
    const CompileResult compiled =
        compileScript(source, SizedImages(folder.empty() ? "." : folder));
    bool errors = false;
    for (const Diagnostic& d : compiled.diagnostics) {
        std::cerr << formatDiagnostic(*source, d) << '\n';
        errors = errors || d.severity == Severity::Error;
    }
    if (!compiled.script) return kScriptErrors;

    SolveOptions options;
    options.endFrame = parsed.frames.leadingFrames();
    const Animation animation = solveAnimation(compiled.script, options);
    for (const Diagnostic& d : animation.diagnostics) {
        std::cerr << formatDiagnostic(*source, d) << '\n';
        errors = errors || d.severity == Severity::Error;
    }
    // As `render` does: a range past the end is a usage error, not an empty success.
    const int frameCount = static_cast<int>(animation.frames.size());
    if (parsed.frames.first >= frameCount && !animation.cancelled) {
        std::cerr << "solve: " << onlyFramesMessage(frameCount) << '\n';
        return kUsageError;
    }

    const auto [solved, written] = print(parsed, *source, compiled.diagnostics, animation);
    if (!written) {
        std::cerr << "movimentum solve: cannot write the output\n";
        return kUsageError;
    }
    if (!solved) return kFramesFailed;
    return errors ? kScriptErrors : kSuccess;
}

}  // namespace mv::app
