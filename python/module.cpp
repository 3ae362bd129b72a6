// The `movimentum` Python module: its classes, functions, exceptions and docstrings. The work is in
// the files beside this one (compiled_script, solved_animation, quantity, frames_argument); this
// file only says what Python sees. python/movimentum.pyi mirrors it for editors and type checkers.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "compiled_script.h"
#include "core/version.h"
#include "diagnostic_record.h"
#include "frames_argument.h"
#include "notebook_bundle.h"
#include "notebook_html.h"
#include "qt_application.h"
#include "quantity.h"
#include "solved_animation.h"

namespace py = pybind11;
using namespace py::literals;

namespace mv::python {

namespace {

// What mv.Script is: a compiled script, shared with every Animation solved from it.
struct ScriptObject {
    std::shared_ptr<const CompiledScript> compiled;
};

// mv.ScriptError, made once at import (a Python class of its own: ValueError's subclass).
PyObject* g_scriptError = nullptr;

py::list diagnosticList(const SourceText& source, const std::vector<Diagnostic>& diagnostics) {
    py::list list;
    for (DiagnosticRecord& record : diagnosticRecords(source, diagnostics))
        list.append(py::cast(std::move(record)));
    return list;
}

// The C++ exceptions of this module as the Python ones the API promises.
void translateExceptions(std::exception_ptr thrown) {
    try {
        if (thrown) std::rethrow_exception(thrown);
    } catch (const ScriptFailure& failure) {
        py::object error = py::reinterpret_borrow<py::object>(g_scriptError)(failure.what());
        error.attr("diagnostics") = diagnosticList(failure.source(), failure.diagnostics());
        PyErr_SetObject(g_scriptError, error.ptr());
    } catch (const UnknownName& unknown) {
        PyErr_SetString(PyExc_KeyError, unknown.what());
    } catch (const NoForces& none) {
        PyErr_SetString(PyExc_ValueError, none.what());
    } catch (const FileProblem& problem) {
        if (problem.notFound) {
            py::object error = py::reinterpret_borrow<py::object>(PyExc_FileNotFoundError)(
                ENOENT, std::strerror(ENOENT), problem.path);
            PyErr_SetObject(PyExc_FileNotFoundError, error.ptr());
        } else {
            PyErr_SetString(PyExc_OSError, problem.what());
        }
    }
}

ScriptObject load(const std::filesystem::path& path) {
    ensureQtApplication();
    return {compileScriptFile(path.string())};
}

ScriptObject compileText(const std::string& text, const std::filesystem::path& baseDir) {
    ensureQtApplication();
    return {compileScriptText(text, baseDir.string())};
}

py::dict namesOf(const Script& script, bool things) {
    py::dict dict;
    if (things) {
        for (const Thing& thing : script.things) {
            py::list anchors;
            for (const Anchor& anchor : thing.anchors) anchors.append(anchor.name);
            dict[py::str(thing.name)] = anchors;
        }
    } else {
        for (const Element& element : script.elements) {
            py::list states;
            for (const ElementState& state : element.states) states.append(state.name);
            dict[py::str(element.name)] = states;
        }
    }
    return dict;
}

// Each constraint's name (force_entries.h) to the things it loads, each with the anchor its torque
// on that thing is about.
py::dict forcesOf(const CompiledScript& compiled) {
    const Script& script = *compiled.script;
    py::dict dict;
    for (const ForceEntry& entry : compiled.forces) {
        py::dict things;
        for (size_t i = 0; i < entry.things.size(); ++i) {
            const Thing& thing = script.things[entry.things[i]];
            things[py::str(thing.name)] = thing.anchors[size_t(entry.anchors[i])].name;
        }
        dict[py::str(entry.name)] = things;
    }
    return dict;
}

// A constraint's Force or Torque on `thing`, or its Power, over the animation's frames.
py::array_t<double> constraintLoad(const SolvedAnimation& a, Quantity::Kind kind,
                                   const std::string& constraint, const std::string& thing = {}) {
    const CompiledScript& compiled = *a.compiled();
    return a.values(findLoad(*compiled.script, compiled.forces, kind, constraint, thing),
                    SolvedAnimation::Rate::Value);
}

std::string scriptRepr(const ScriptObject& s) {
    const Script& script = *s.compiled->script;
    return "<movimentum.Script " + s.compiled->source->name() + ": " +
           std::to_string(script.things.size()) + " things, " +
           std::to_string(s.compiled->frameCount) + " frames at " +
           py::str(py::float_(script.config.fps)).cast<std::string>() + " fps>";
}

std::string animationRepr(const SolvedAnimation& a) {
    const std::vector<int>& frames = a.selection();
    std::string range = "no frames";
    if (!frames.empty()) {
        range = std::to_string(frames.size()) + (frames.size() == 1 ? " frame" : " frames");
        range += " of " + a.compiled()->source->name() + " (" + std::to_string(frames.front()) +
                 " to " + std::to_string(frames.back()) + ")";
    }
    return "<movimentum.Animation " + range + ", " + std::to_string(a.failedFrames()) + " failed>";
}

SaveRequest saveRequest(const SolvedAnimation& a, const std::filesystem::path& path,
                        const std::optional<std::string>& format, double scale,
                        const py::object& frames, bool force) {
    SaveRequest request;
    request.path = path.string();
    request.format = format;
    request.scale = scale;
    request.force = force;
    if (!frames.is_none()) {
        const std::vector<int> selected =
            selectFrames(frames, static_cast<int>(a.animation().frames.size()));
        if (selected.back() - selected.front() + 1 != static_cast<int>(selected.size()))
            throw py::value_error(
                "save writes a run of consecutive frames: give a range or a "
                "slice without a step");
        request.frames = std::pair(selected.front(), selected.back());
    }
    return request;
}

constexpr const char* kModuleDoc = R"(Movimentum: machines written as text, solved frame by frame.

A script names the parts of a machine, says where they are, how they are joined and how they
are driven; Movimentum solves every frame. This module is the command line's compiler, solver
and renderer in Python: the same numbers as ``movimentum solve --json`` and the same pixels as
``movimentum render``, as numpy arrays.

    >>> import movimentum as mv
    >>> s = mv.load("samples/pump.movimentum")
    >>> a = s.solve()
    >>> a.anchor("Piston.P")[:, 0].max()     # the piston's furthest x
    >>> a.velocity("Piston.P")               # exact velocities, (N, 2)
    >>> a.image(50)                          # frame 50 as (H, W, 4) RGBA bytes

A script with errors raises ScriptError; an unknown name raises KeyError saying which names
exist. Documentation: docs/python.md.)";

constexpr const char* kScriptErrorDoc = R"(A script with errors (a ValueError).

str(error) is what ``movimentum check`` prints for the script: one line per diagnostic,
FILE:LINE:COLUMN: severity: message. ``error.diagnostics`` lists them as Diagnostic objects.)";

}  // namespace

}  // namespace mv::python

using namespace mv;
using namespace mv::python;

PYBIND11_MODULE(movimentum, m) {
    m.doc() = kModuleDoc;
    m.attr("__version__") = std::string(kVersion);

    g_scriptError = PyErr_NewExceptionWithDoc("movimentum.ScriptError", kScriptErrorDoc,
                                              PyExc_ValueError, nullptr);
    if (!g_scriptError) throw py::error_already_set();
    py::setattr(g_scriptError, "diagnostics", py::list());
    m.attr("ScriptError") = py::reinterpret_borrow<py::object>(g_scriptError);
    py::register_exception_translator(translateExceptions);

    // Declared before any is defined, so every signature names the Python classes.
    py::class_<DiagnosticRecord> diagnostic(m, "Diagnostic", R"(A problem found in a script.

Lines and columns count from 1; the column counts characters (code points). The range ends
just past its last character, at end_line and end_column, as editors count.)");
    py::class_<ScriptObject> script(m, "Script",
                                    R"(A compiled script: its configuration, its names and
its warnings. Made by load() or compile(); solve() solves it.)");
    py::class_<SolvedAnimation, std::shared_ptr<SolvedAnimation>> animation(
        m, "Animation",
        R"(Frames of a script, solved.

Made by Script.solve(). Every array has one row per frame the solve was asked for, in frame
order, filled in C++. Positions are in canvas units with y up, angles in radians, times in
seconds; velocities and accelerations are exact (differentiated, not differenced), per second
and per second squared, and NaN where they are undefined (a dead centre) or not computed.)");

    diagnostic.def_readonly("line", &DiagnosticRecord::line, "The line where it starts, from 1.")
        .def_readonly("column", &DiagnosticRecord::column, "The column where it starts, from 1.")
        .def_readonly("end_line", &DiagnosticRecord::endLine, "The line where it ends.")
        .def_readonly("end_column", &DiagnosticRecord::endColumn,
                      "The column just past its last character.")
        .def_readonly("id", &DiagnosticRecord::id,
                      "What it is, e.g. 'UnknownAnchor': stable where the message's wording may "
                      "improve (docs/diagnostics.md lists every id).")
        .def_readonly("severity", &DiagnosticRecord::severity, "'error', 'warning' or 'note'.")
        .def_readonly("message", &DiagnosticRecord::message, "What is wrong, in a sentence.")
        .def_readonly("suggestion", &DiagnosticRecord::suggestion,
                      "For an unknown name, the defined one it is probably meant to be (the "
                      "message's 'did you mean'); '' when none is close.")
        .def(
            "__str__", [](const DiagnosticRecord& d) { return d.formatted; },
            "The line `movimentum check` prints: FILE:LINE:COLUMN: severity: message.")
        .def("__repr__", [](const DiagnosticRecord& d) {
            return "Diagnostic(line=" + std::to_string(d.line) +
                   ", column=" + std::to_string(d.column) + ", id='" + d.id + "', severity='" +
                   d.severity + "', message=" + py::repr(py::str(d.message)).cast<std::string>() +
                   ")";
        });

    animation
        .def_property_readonly(
            "script", [](const SolvedAnimation& a) { return ScriptObject{a.compiled()}; },
            "The Script this was solved from.")
        .def_property_readonly("frames", &SolvedAnimation::frameIndices,
                               "int64 (N,): the frame index of each row.")
        .def_property_readonly("times", &SolvedAnimation::times,
                               "float64 (N,): each frame's time T in seconds.")
        .def_property_readonly("ok", &SolvedAnimation::ok,
                               "bool (N,): False where the frame could not be solved (its "
                               "constraints are off by more than 1e-6).")
        .def_property_readonly(
            "diagnostics",
            [](const SolvedAnimation& a) {
                return diagnosticList(*a.compiled()->source, a.diagnostics());
            },
            "The compile's warnings, then the solve's: conflicts, things left free, mechanics.")
        .def("__len__", [](const SolvedAnimation& a) { return a.selection().size(); })
        .def("__repr__", &animationRepr)
        .def(
            "pose",
            [](const SolvedAnimation& a, const std::string& thing) {
                return a.values(findThing(*a.compiled()->script, thing),
                                SolvedAnimation::Rate::Value);
            },
            "thing"_a, R"(float64 (N, 3): the thing's pose, x, y and angle (radians).

Raises KeyError naming the things when there is no such thing.)")
        .def(
            "anchor",
            [](const SolvedAnimation& a, const std::string& anchor) {
                return a.values(findAnchor(*a.compiled()->script, anchor),
                                SolvedAnimation::Rate::Value);
            },
            "name"_a, R"(float64 (N, 2): where the anchor "Thing.Anchor" is, x and y.

Raises KeyError naming the thing's anchors ("no anchor Crank.R; Crank has P, Q").)")
        .def(
            "velocity",
            [](const SolvedAnimation& a, const std::string& name) {
                return a.values(findMoving(*a.compiled()->script, name),
                                SolvedAnimation::Rate::Velocity);
            },
            "name"_a, R"(The exact velocity of an anchor "Thing.Anchor" (N, 2), a thing (N, 3:
dx/dT, dy/dT, dangle/dT), a named variable ((N,) or (N, 2)) or an element state "Bob.theta".
NaN where undefined.)")
        .def(
            "acceleration",
            [](const SolvedAnimation& a, const std::string& name) {
                return a.values(findMoving(*a.compiled()->script, name),
                                SolvedAnimation::Rate::Acceleration);
            },
            "name"_a, R"(The exact acceleration of what velocity() takes, in the same shape.
NaN where undefined.)")
        .def(
            "variable",
            [](const SolvedAnimation& a, const std::string& name) {
                return a.values(findVariable(*a.compiled()->script, name),
                                SolvedAnimation::Rate::Value);
            },
            "name"_a,
            R"(A named variable's values: float64 (N,) for a scalar, (N, 2) for a vector.)")
        .def(
            "state",
            [](const SolvedAnimation& a, const std::string& name) {
                return a.values(findState(*a.compiled()->script, name),
                                SolvedAnimation::Rate::Value);
            },
            "name"_a, R"(An element state "Element.state" (e.g. "Bob.theta"): float64 (N,) for a
scalar state, (N, 2) for a vector one.)")
        .def(
            "force",
            [](const SolvedAnimation& a, const std::string& constraint, const std::string& thing) {
                return constraintLoad(a, Quantity::Kind::Force, constraint, thing);
            },
            "constraint"_a, "thing"_a,
            R"(float64 (N, 2): the force, in N and the world's axes, that a constraint puts on a
thing, e.g. force("Rod.A", "Crank"). The constraint by the name `solve --json` prints it under
(Script.forces lists them): its label or key, "line 12" for one with neither. NaN where it is
not active or the frame has no forces (a failed frame, a dead centre). Raises KeyError for an
unknown constraint or a thing it does not load, ValueError for a script without masses.)")
        .def(
            "torque",
            [](const SolvedAnimation& a, const std::string& constraint, const std::string& thing) {
                return constraintLoad(a, Quantity::Kind::Torque, constraint, thing);
            },
            "constraint"_a, "thing"_a,
            R"(float64 (N,): the torque, in N·m and counter-clockwise, that a constraint puts on a
thing, about the anchor Script.forces names (the first of the thing the constraint reads):
torque("motor", "Crank") is the motor's torque. NaN and errors as force().)")
        .def(
            "power",
            [](const SolvedAnimation& a, const std::string& constraint) {
                return constraintLoad(a, Quantity::Kind::Power, constraint);
            },
            "constraint"_a,
            R"(float64 (N,): the power in W a constraint feeds into the machine; exactly 0 for one
that is not a drive (reads no t, T, iv or element state). NaN and errors as force().)")
        .def(
            "energy",
            [](const SolvedAnimation& a) {
                return a.values(findEnergy(*a.compiled()->script), SolvedAnimation::Rate::Value);
            },
            R"(float64 (N, 2): the massive things' kinetic and potential energy in J,
sum(m v_G²/2 + J ω²/2) and -sum(m g·r_G). NaN where the frame has no forces; ValueError for a
script without masses.)")
        .def(
            "unheld",
            [](const SolvedAnimation& a, const std::string& thing) {
                return a.values(findUnheld(*a.compiled()->script, thing),
                                SolvedAnimation::Rate::Value);
            },
            "thing"_a,
            R"(float64 (N, 3): the load on a thing that no constraint holds (fx, fy in N, the
torque in N·m about its first anchor), e.g. gravity on a bar free to turn about its pin; 0 where
everything on it is held, NaN where the frame has no forces. KeyError for an unknown thing,
ValueError for a script without masses.)")
        .def("json", &SolvedAnimation::json, R"(The JSON document `movimentum solve --json` prints
for these frames, as text: json.loads() it for a dict.)")
        .def(
            "html", [](const SolvedAnimation& a) { return py::bytes(a.htmlPage()); },
            R"(The HTML player page of these frames (from the first to the last), the page
`movimentum render --format html` writes: one offline file, bytes (UTF-8).)")
        .def(
            "_repr_html_",
            [](const SolvedAnimation& a) {
                const Config& config = a.compiled()->script->config;
                return notebookFrame(a.htmlPage(), config.width, config.height);
            },
            R"(The animation as the HTML player, in an iframe.)")
        .def("_repr_mimebundle_", &notebookBundle, "include"_a = py::none(),
             "exclude"_a = py::none(),
             R"(How a notebook shows the animation: the HTML player in an iframe ("text/html"),
and the first frame as a PNG ("image/png") for viewers that show no iframe (GitHub, nbviewer,
an untrusted notebook). display(a, include=["image/gif"]) adds an animated GIF of the frames
(needs ffmpeg).)")
        .def(
            "image",
            [](SolvedAnimation& a, const py::object& frame, double scale) {
                return a.image(frameNumber(frame, "frame"), scale);
            },
            "frame"_a, "scale"_a = 1.0,
            R"(Frame `frame` (its index in the animation; any solved frame, negative from the end)
as uint8 (H, W, 4) RGBA: pixel for pixel what `movimentum render --format png --scale S`
writes for it. H and W are the canvas's size times `scale` (at most 16).)")
        .def(
            "save",
            [](const SolvedAnimation& a, const std::filesystem::path& path,
               const std::optional<std::string>& format, double scale, const py::object& frames,
               bool force) { a.save(saveRequest(a, path, format, scale, frames, force)); },
            "path"_a, "format"_a = py::none(), "scale"_a = 1.0, "frames"_a = py::none(),
            py::kw_only(), "force"_a = false, R"(Exports frames as `movimentum render` does.

path: a folder or a pattern such as "out/frame_%04d.png" for a PNG or SVG sequence, a file such
as "f.png" for a single frame, a file for MP4, WebM, GIF or APNG (those need the ffmpeg program)
or the HTML player page. format: "png", "svg", "mp4", "webm", "gif", "apng" or "html"; by
default from the path's suffix (PNG for a folder; another suffix is a ValueError). scale:
pixels per canvas unit. frames: a range or slice of consecutive frames; by default from the
first to the last of this animation's frames. force: replace files that exist, as render's
--force; without it an existing target is an OSError and nothing is written. Releases the GIL;
Ctrl-C stops it and leaves no partial files. Raises OSError when the files cannot be written.)");

    script
        .def_property_readonly(
            "diagnostics",
            [](const ScriptObject& s) {
                return diagnosticList(*s.compiled->source, s.compiled->diagnostics);
            },
            "The compile's warnings and notes (a script with errors raised ScriptError).")
        .def_property_readonly(
            "fps", [](const ScriptObject& s) { return s.compiled->script->config.fps; },
            "Frames per second (.config).")
        .def_property_readonly(
            "width", [](const ScriptObject& s) { return s.compiled->script->config.width; },
            "The canvas width in canvas units (.config); image() is this wide at scale 1.")
        .def_property_readonly(
            "height", [](const ScriptObject& s) { return s.compiled->script->config.height; },
            "The canvas height in canvas units (.config).")
        .def_property_readonly(
            "frame_count", [](const ScriptObject& s) { return s.compiled->frameCount; },
            "How many frames the timeline has, from the first marker to the last.")
        .def_property_readonly(
            "things", [](const ScriptObject& s) { return namesOf(*s.compiled->script, true); },
            "dict: each thing's name to the names of its anchors, in the order written.")
        .def_property_readonly(
            "variables",
            [](const ScriptObject& s) {
                py::list names;
                for (const Variable& v : s.compiled->script->variables)
                    if (!v.anonymous) names.append(v.name);
                return names;
            },
            "list: the named variables, in the order of their first use.")
        .def_property_readonly(
            "elements", [](const ScriptObject& s) { return namesOf(*s.compiled->script, false); },
            "dict: each mechanics element's name to the names of its states.")
        .def_property_readonly(
            "forces", [](const ScriptObject& s) { return forcesOf(*s.compiled); },
            "dict: with masses, each constraint's name (as `solve --json` prints its forces) to "
            "the things it loads, each to the anchor its torque is about; empty without masses.")
        .def_property_readonly(
            "markers",
            [](const ScriptObject& s) {
                py::list times;
                for (const Step& step : s.compiled->script->steps) times.append(step.time);
                return times;
            },
            "list: the time in seconds of each time marker (@...), in order.")
        .def_property_readonly(
            "text", [](const ScriptObject& s) { return s.compiled->source->text(); },
            "The script's text.")
        .def_property_readonly(
            "name", [](const ScriptObject& s) { return s.compiled->source->name(); },
            "The name diagnostics give the script: the path load() was given, or '<string>'.")
        .def(
            "solve",
            [](const ScriptObject& s, const py::object& frames) {
                return std::make_shared<SolvedAnimation>(
                    s.compiled, selectFrames(frames, s.compiled->frameCount));
            },
            "frames"_a = py::none(), R"(Solves the script's frames and returns an Animation.

frames: None for every frame, or a range, a slice or a sequence of frame indices in increasing
order (negative ones count from the end); the frames before the last one asked for are solved
too, since each frame starts from the one before. Releases the GIL while it solves; Ctrl-C
(KeyboardInterrupt) stops it within a few milliseconds.)")
        .def("__repr__", &scriptRepr);

    m.def("load", &load, "path"_a, R"(Reads and compiles a script file, as `movimentum check` does.

Image file names in the script are resolved against the file's folder. Raises ScriptError when
the script has errors, FileNotFoundError or OSError when the file cannot be read.)");
    m.def("compile", &compileText, "text"_a, "base_dir"_a = std::filesystem::path("."),
          R"(Compiles a script given as text (named "<string>" in diagnostics); image file names
are resolved against base_dir. Raises ScriptError when the script has errors.)");
}
