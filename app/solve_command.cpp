// `movimentum solve FILE [--frames A:B] [--json]`: compiles a script, solves its animation and
// prints every frame's poses, anchor positions, named variables and element states, as readable
// text or as JSON (the format is in usage() below and in docs). Exit codes as ARCHITECTURE.md says.

#include <cmath>
#include <filesystem>
#include <iostream>
#include <numbers>
#include <optional>

#include "app/commands.h"
#include "app/frame_range.h"
#include "app/headless_application.h"
#include "app/input_file.h"
#include "app/json_writer.h"
#include "core/compile.h"
#include "core/limits.h"
#include "solver/animation.h"
#include "ui/image_files.h"
#include "ui/image_library.h"

namespace mv::app {

namespace {

void usage(std::ostream& out) {
    out << "usage: movimentum solve FILE [--frames A:B] [--json] [--velocities]\n"
           "  --frames A:B  print frames A, A+1, ..., B-1 (half-open, counted from 0; A or B may "
           "be\n"
           "                left out: '10:' to the end, ':5' the first five; 'A' alone is frame "
           "A).\n"
           "                Frames before A are still solved, since every frame starts from the "
           "last.\n"
           "  --json        one JSON object: {fps, width, height, diagnostics, frames: [{index, "
           "time,\n"
           "                t, iv, status, summary, things, variables, elements}]}; each thing\n"
           "                has anchors, velocities and accelerations (null: undefined)\n"
           "  --velocities  in the text output, each anchor's velocity and acceleration too\n"
           "exit codes: 0 solved, 1 errors in the script, 2 usage or I/O error, 3 frames not "
           "solved\n";
}

struct SolveArguments {
    std::string file;
    FrameRange frames;
    bool json = false;
    bool velocities = false;
};

std::optional<SolveArguments> parseArguments(const std::vector<std::string>& args) {
    SolveArguments parsed;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--json") {
            parsed.json = true;
        } else if (args[i] == "--velocities") {
            parsed.velocities = true;
        } else if (args[i] == "--frames" && i + 1 < args.size()) {
            const auto range = parseFrameRange(args[++i]);
            if (!range) return std::nullopt;
            parsed.frames = *range;
        } else if (!args[i].empty() && args[i][0] != '-' && parsed.file.empty()) {
            parsed.file = args[i];
        } else {
            return std::nullopt;
        }
    }
    if (parsed.file.empty()) return std::nullopt;
    return parsed;
}

void writeDiagnostics(JsonWriter& json, const SourceText& source,
                      const std::vector<Diagnostic>& list) {
    json.beginArray();
    for (const Diagnostic& d : list) {
        const LineColumn at = source.location(d.range.begin);
        json.beginObject();
        json.key("severity").value(severityName(d.severity));
        json.key("line").value(at.line);
        json.key("column").value(at.column);
        json.key("message").value(d.message);
        json.endObject();
    }
    json.endArray();
}

void writeSummary(JsonWriter& json, const Script& script, const FrameSummary& summary) {
    json.key("summary").beginObject();
    json.key("termination").value(terminationName(summary.termination));
    json.key("iterations").value(summary.iterations);
    json.key("substeps").value(summary.substeps);
    json.key("largestResidual").value(summary.largestResidual);
    json.key("deadCentre").value(summary.deadCentre);
    json.key("substepLimit").value(summary.substepLimit);
    json.key("off").beginArray();
    for (const FrameSummary::Off& off : summary.off) {
        const LineColumn at =
            script.source->location(script.constraints[off.constraint].range.begin);
        json.beginObject();
        json.key("line").value(at.line);
        json.key("column").value(at.column);
        json.key("by").value(off.by);
        json.endObject();
    }
    json.endArray();
    json.endObject();
}

// "velocities" and "accelerations" of a thing's anchors (LANGUAGE.md §8); null where undefined.
void writeJsonMotion(JsonWriter& json, const Thing& thing, const FrameSolution& frame, size_t i) {
    if (i >= frame.poseVelocities.size() || i >= frame.poseAccelerations.size()) return;
    const Pose &pose = frame.poses[i], &velocity = frame.poseVelocities[i];
    json.key("velocities").beginObject();
    for (const Anchor& anchor : thing.anchors) {
        const Vec2 v = anchorVelocity(pose, velocity, anchor.local);
        json.key(anchor.name).pair(v.x, v.y);
    }
    json.endObject();
    json.key("accelerations").beginObject();
    for (const Anchor& anchor : thing.anchors) {
        const Vec2 a = anchorAcceleration(pose, velocity, frame.poseAccelerations[i], anchor.local);
        json.key(anchor.name).pair(a.x, a.y);
    }
    json.endObject();
}

void writeJsonFrame(JsonWriter& json, const Script& script, const FrameSolution& frame) {
    json.beginObject();
    json.key("index").value(frame.index);
    json.key("time").value(frame.time);
    json.key("t").value(frame.t);
    json.key("iv").value(frame.iv);
    json.key("status").value(frame.failed ? "failed" : "ok");
    writeSummary(json, script, frame.summary);
    json.key("things").beginObject();
    for (size_t i = 0; i < script.things.size() && i < frame.poses.size(); ++i) {
        const Thing& thing = script.things[i];
        const Pose& pose = frame.poses[i];
        json.key(thing.name).beginObject();
        json.key("x").value(pose.x);
        json.key("y").value(pose.y);
        json.key("angle").value(pose.angle);
        json.key("anchors").beginObject();
        for (const Anchor& anchor : thing.anchors) {
            const Vec2 at = pose.apply(anchor.local);
            json.key(anchor.name).pair(at.x, at.y);
        }
        json.endObject();
        writeJsonMotion(json, thing, frame, i);
        json.endObject();
    }
    json.endObject();
    json.key("variables").beginObject();
    for (size_t i = 0; i < script.variables.size() && i < frame.variables.size(); ++i) {
        const Variable& v = script.variables[i];
        if (v.anonymous) continue;
        json.key(v.name);
        if (v.type == ValueType::Vector)
            json.pair(frame.variables[i].x, frame.variables[i].y);
        else
            json.value(frame.variables[i].x);
    }
    json.endObject();
    json.key("elements").beginObject();
    for (size_t e = 0; e < script.elements.size() && e < frame.elements.size(); ++e) {
        const Element& element = script.elements[e];
        json.key(element.name).beginObject();
        for (size_t s = 0; s < element.states.size() && s < frame.elements[e].size(); ++s) {
            const Vec2 v = frame.elements[e][s];
            json.key(element.states[s].name);
            if (element.states[s].type == ValueType::Vector)
                json.pair(v.x, v.y);
            else
                json.value(v.x);
        }
        json.endObject();
    }
    json.endObject();
    json.endObject();
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", std::abs(value) < 5e-13 ? 0.0 : value);
    return text;
}

std::string point(Vec2 v) {
    return "[" + number(v.x) + ", " + number(v.y) + "]";
}

// A velocity or acceleration: "undefined" at a dead centre, where it has no value.
std::string motion(Vec2 v) {
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
    for (size_t i = 0; i < script.variables.size() && i < frame.variables.size(); ++i) {
        const Variable& v = script.variables[i];
        if (v.anonymous) continue;
        out << "  " << v.name << " = "
            << (v.type == ValueType::Vector ? point(frame.variables[i])
                                            : number(frame.variables[i].x))
            << '\n';
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

bool inRange(const FrameRange& range, int index) {
    return index >= range.begin && (range.end < 0 || index < range.end);
}

}  // namespace

int runSolve(const std::vector<std::string>& args) {
    const auto parsed = parseArguments(args);
    if (!parsed) {
        usage(std::cerr);
        return kUsageError;
    }
    std::string problem;
    auto text = readInputFile(parsed->file, &problem);
    if (!text) {
        std::cerr << "movimentum solve: " << problem << '\n';
        return kUsageError;
    }
    auto source = std::make_shared<const SourceText>(parsed->file, std::move(*text));
    const std::string folder = std::filesystem::path(parsed->file).parent_path().string();
    const HeadlessApplication application;
    ImageLibrary images;
    const CompileResult compiled = compileScript(
        source, ImageFiles(images, QString::fromStdString(folder.empty() ? "." : folder)));
    bool errors = false;
    for (const Diagnostic& d : compiled.diagnostics) {
        std::cerr << formatDiagnostic(*source, d) << '\n';
        errors = errors || d.severity == Severity::Error;
    }
    if (!compiled.script) return kScriptErrors;

    SolveOptions options;
    options.endFrame = parsed->frames.end;
    const Animation animation = solveAnimation(compiled.script, options);
    const Script& script = *compiled.script;
    for (const Diagnostic& d : animation.diagnostics) {
        std::cerr << formatDiagnostic(*source, d) << '\n';
        errors = errors || d.severity == Severity::Error;
    }
    // As `render` does: a range past the end is a usage error, not an empty success.
    const int frameCount = static_cast<int>(animation.frames.size());
    if (parsed->frames.begin >= frameCount && !animation.cancelled) {
        std::cerr << "solve: " << onlyFramesMessage(frameCount) << '\n';
        return kUsageError;
    }

    bool failed = false;
    if (parsed->json) {
        JsonWriter json(std::cout);
        json.beginObject();
        json.key("fps").value(script.config.fps);
        json.key("width").value(script.config.width);
        json.key("height").value(script.config.height);
        std::vector<Diagnostic> all = compiled.diagnostics;
        all.insert(all.end(), animation.diagnostics.begin(), animation.diagnostics.end());
        json.key("diagnostics");
        writeDiagnostics(json, *source, all);
        json.key("frames").beginArray();
        for (const FrameSolution& frame : animation.frames) {
            if (!inRange(parsed->frames, frame.index)) continue;
            writeJsonFrame(json, script, frame);
            failed = failed || frame.failed;
        }
        json.endArray().endObject();
        std::cout << '\n';
    } else {
        for (const FrameSolution& frame : animation.frames) {
            if (!inRange(parsed->frames, frame.index)) continue;
            writeTextFrame(std::cout, script, frame, parsed->velocities);
            failed = failed || frame.failed;
        }
    }
    std::cout.flush();
    if (!std::cout) {
        std::cerr << "movimentum solve: cannot write the output\n";
        return kUsageError;
    }
    if (failed) return kFramesFailed;
    return errors ? kScriptErrors : kSuccess;
}

}  // namespace mv::app
