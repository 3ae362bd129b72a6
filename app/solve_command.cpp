// `movimentum solve FILE [--frames A:B] [--json|--csv] [--velocities]`: compiles a script, solves
// its animation and prints every frame's poses, anchor positions, named variables and element
// states, as readable text, JSON or CSV (solve_output.h; the formats are in docs/command-line.md).
// Exit codes as ARCHITECTURE.md says.

#include <cmath>
#include <filesystem>
#include <iostream>
#include <numbers>
#include <optional>
#include <variant>

#include "app/command_line.h"
#include "app/commands.h"
#include "app/frame_range.h"
#include "app/input_file.h"
#include "core/compile.h"
#include "core/limits.h"
#include "solver/animation.h"
#include "solver/output/output_buffer.h"
#include "solver/output/solve_output.h"
#include "ui/headless_application.h"
#include "ui/image_files.h"
#include "ui/image_library.h"

namespace mv::app {

namespace {

struct SolveArguments {
    std::string file;
    FrameSpan frames = FrameSpan::from(0);
    enum class Form { Text, Json, Csv } form = Form::Text;
    bool velocities = false;  // text: each anchor's velocity and acceleration too
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
    line.parser().addOptions({frames, json, csv, velocities});
    if (const auto done = line.parse(args, 1, 1)) return *done;
    SolveArguments parsed;
    parsed.file = line.file();
    if (line.parser().isSet(json) && line.parser().isSet(csv))
        return line.usageError("--json and --csv cannot be combined");
    if (line.parser().isSet(json)) parsed.form = SolveArguments::Form::Json;
    if (line.parser().isSet(csv)) parsed.form = SolveArguments::Form::Csv;
    parsed.velocities = line.parser().isSet(velocities);
    if (line.parser().isSet(frames)) {
        const auto range = parseFrameRange(line.parser().value(frames).toStdString());
        if (!range) return line.usageError(QString("--frames takes %1").arg(kFrameRangeHelp));
        parsed.frames = *range;
    }
    return parsed;
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", std::abs(value) < 5e-13 ? 0.0 : value);
    return text;
}

std::string point(Vec2 v) {
    return "[" + number(v.x) + ", " + number(v.y) + "]";
}

// A velocity or acceleration (of a vector, or in x of a scalar): "undefined" at a dead centre,
// where it has no value.
std::string motion(Vec2 v, bool vector = true) {
    if (!vector) return std::isfinite(v.x) ? number(v.x) : "undefined";
    return std::isfinite(v.x) && std::isfinite(v.y) ? point(v) : "undefined";
}

void writeTextMotion(std::ostream& out, const Script& script, const FrameSolution& frame,
                     size_t i) {
    if (i >= frame.poseVelocities.size() || i >= frame.poseAccelerations.size()) return;
    const Pose &pose = frame.poses[i], &velocity = frame.poseVelocities[i];
    for (const Anchor& anchor : script.things[i].anchors) {
        out << "    " << anchor.name
            << "  v=" << motion(anchorVelocity(pose, velocity, anchor.local)) << "  a="
            << motion(anchorAcceleration(pose, velocity, frame.poseAccelerations[i], anchor.local))
            << '\n';
    }
}

void writeTextFrame(std::ostream& out, const Script& script, const FrameSolution& frame,
                    bool velocities) {
    out << "frame " << frame.index << "  T=" << number(frame.time) << " s  t=" << number(frame.t)
        << "  iv=" << number(frame.iv) << "  " << (frame.failed ? "FAILED" : "ok") << '\n';
    for (const FrameSummary::Off& off : frame.summary.off)
        out << "  " << describeOff(script, off) << '\n';
    for (size_t i = 0; i < script.things.size() && i < frame.poses.size(); ++i) {
        const Pose& pose = frame.poses[i];
        out << "  " << script.things[i].name << "  at " << point({pose.x, pose.y}) << "  angle "
            << number(pose.angle * 180 / std::numbers::pi) << "°";
        for (const Anchor& anchor : script.things[i].anchors)
            out << "  " << anchor.name << "=" << point(pose.apply(anchor.local));
        out << '\n';
        if (velocities) writeTextMotion(out, script, frame, i);
    }
    const bool motions = velocities && frame.variableVelocities.size() >= frame.variables.size() &&
                         frame.variableAccelerations.size() >= frame.variables.size();
    for (size_t i = 0; i < script.variables.size() && i < frame.variables.size(); ++i) {
        const Variable& v = script.variables[i];
        if (v.anonymous) continue;
        const bool vector = v.type == ValueType::Vector;
        out << "  " << v.name << " = "
            << (vector ? point(frame.variables[i]) : number(frame.variables[i].x));
        if (motions) {
            out << "  v=" << motion(frame.variableVelocities[i], vector)
                << "  a=" << motion(frame.variableAccelerations[i], vector);
        }
        out << '\n';
    }
    for (size_t e = 0; e < script.elements.size() && e < frame.elements.size(); ++e) {
        const Element& element = script.elements[e];
        for (size_t s = 0; s < element.states.size() && s < frame.elements[e].size(); ++s) {
            const Vec2 v = frame.elements[e][s];
            out << "  " << element.name << "." << element.states[s].name << " = "
                << (element.states[s].type == ValueType::Vector ? point(v) : number(v.x)) << '\n';
        }
    }
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
            writeTextFrame(std::cout, *animation.script, frame, parsed.velocities);
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
    ImageLibrary images(ImageLibrary::Decoding::SizeOnly);  // nothing is drawn
    const CompileResult compiled = compileScript(
        source, ImageFiles(images, QString::fromStdString(folder.empty() ? "." : folder)));
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
