#include "solved_animation.h"

#include <QFileInfo>
#include <QStringList>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <limits>
#include <optional>

#include "core/diagnostics/limits.h"
#include "interruptible.h"
#include "qt_application.h"
#include "solver/api/output_buffer.h"
#include "solver/api/solve_output.h"
#include "ui/export/export_options.h"
#include "ui/export/frame_exporter.h"
#include "ui/export/frame_renderer.h"
#include "ui/export/html_export.h"
#include "ui/export/png_encoding.h"

namespace py = pybind11;

namespace mv::python {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

template <class T>
const T* at(const std::vector<T>& values, int i) {
    return i >= 0 && static_cast<size_t>(i) < values.size() ? &values[static_cast<size_t>(i)]
                                                            : nullptr;
}

template <class T>
const T& pick(SolvedAnimation::Rate rate, const T& value, const T& velocity,
              const T& acceleration) {
    switch (rate) {
        case SolvedAnimation::Rate::Value:
            return value;
        case SolvedAnimation::Rate::Velocity:
            return velocity;
        case SolvedAnimation::Rate::Acceleration:
            break;
    }
    return acceleration;
}

void put(double* out, int columns, const Vec2* v) {
    out[0] = v ? v->x : kNaN;
    if (columns > 1) out[1] = v ? v->y : kNaN;
}

// An anchor's position, velocity or acceleration in the world (frame_solution.h); nothing where
// the frame lacks the pose or its rates.
std::optional<Vec2> anchorRate(const FrameSolution& frame, const Quantity& q, Vec2 local,
                               SolvedAnimation::Rate rate) {
    const Pose* pose = at(frame.poses, q.thing);
    const Pose* velocity = at(frame.poseVelocities, q.thing);
    const Pose* acceleration = at(frame.poseAccelerations, q.thing);
    if (!pose) return std::nullopt;
    if (rate == SolvedAnimation::Rate::Value) return pose->apply(local);
    if (!velocity) return std::nullopt;
    if (rate == SolvedAnimation::Rate::Velocity) return anchorVelocity(*pose, *velocity, local);
    if (!acceleration) return std::nullopt;
    return anchorAcceleration(*pose, *velocity, *acceleration, local);
}

// One frame's unheld load on `thing`: 0 when everything on it is held, NaN without forces.
void fillUnheld(const FrameForces* forces, ThingId thing, double* out) {
    std::fill(out, out + 3, forces ? 0.0 : kNaN);
    if (!forces) return;
    for (const UnheldLoad& load : forces->unheld) {
        if (load.thing != thing) continue;
        out[0] = load.force.x;
        out[1] = load.force.y;
        out[2] = load.torque;
    }
}

// One frame's row of a constraint's load, of the energy or of an unheld load: NaN where the
// constraint is not active or the frame has no forces (a failed frame, a dead centre).
void fillLoad(const std::vector<ForceEntry>& entries, const FrameSolution& frame, const Quantity& q,
              double* out) {
    const FrameForces* forces = frame.forces.get();
    if (q.kind == Quantity::Kind::Energy) {
        out[0] = forces ? forces->kinetic : kNaN;
        out[1] = forces ? forces->potential : kNaN;
        return;
    }
    if (q.kind == Quantity::Kind::Unheld) {
        fillUnheld(forces, ThingId(uint32_t(q.thing)), out);
        return;
    }
    const ConstraintLoad* load = forces ? activeLoad(entries[size_t(q.entry)], *forces) : nullptr;
    if (q.kind == Quantity::Kind::Power) {
        out[0] = load ? load->power : kNaN;
        return;
    }
    const ThingLoad* on = loadOn(load, ThingId(q.thing));
    if (q.kind == Quantity::Kind::Force)
        put(out, 2, on ? &on->force : nullptr);
    else
        out[0] = on ? on->torque : kNaN;
}

// One frame's row of `q`.
void fillRow(const CompiledScript& compiled, const FrameSolution& frame, const Quantity& q,
             SolvedAnimation::Rate rate, double* out) {
    const Script& script = *compiled.script;
    switch (q.kind) {
        case Quantity::Kind::Pose: {
            const Pose* pose =
                at(pick(rate, frame.poses, frame.poseVelocities, frame.poseAccelerations), q.thing);
            out[0] = pose ? pose->x : kNaN;
            out[1] = pose ? pose->y : kNaN;
            out[2] = pose ? pose->angle : kNaN;
            return;
        }
        case Quantity::Kind::Anchor: {
            const Vec2 local = script.things[size_t(q.thing)].anchors[size_t(q.anchor)].local;
            const std::optional<Vec2> v = anchorRate(frame, q, local, rate);
            put(out, q.columns, v ? &*v : nullptr);
            return;
        }
        case Quantity::Kind::Variable:
            put(out, q.columns,
                at(pick(rate, frame.variables, frame.variableVelocities,
                        frame.variableAccelerations),
                   q.variable));
            return;
        case Quantity::Kind::State: {
            const auto* states =
                at(pick(rate, frame.elements, frame.elementVelocities, frame.elementAccelerations),
                   q.element);
            put(out, q.columns, states ? at(*states, q.state) : nullptr);
            return;
        }
        case Quantity::Kind::Force:
        case Quantity::Kind::Torque:
        case Quantity::Kind::Power:
        case Quantity::Kind::Energy:
        case Quantity::Kind::Unheld:
            fillLoad(compiled.forces, frame, q, out);
            return;
    }
}

[[noreturn]] void raiseOsError(const QString& message) {
    PyErr_SetString(PyExc_OSError, message.toStdString().c_str());
    throw py::error_already_set();
}

void checkScale(const Script& script, double scale) {
    if (!(scale > 0) || scale > 16) throw py::value_error("the scale must be in (0, 16]");
    if (const auto problem = canvasSizeProblem(script.config.width, script.config.height, scale))
        throw py::value_error(problem->text);
}

}  // namespace

SolvedAnimation::SolvedAnimation(std::shared_ptr<const CompiledScript> compiled,
                                 std::vector<int> selection)
    : m_compiled(std::move(compiled)), m_selection(std::move(selection)) {
    SolveOptions options;
    // As `solve` without --frames when the selection runs to the last frame.
    if (!m_selection.empty() && m_selection.back() + 1 < m_compiled->frameCount)
        options.endFrame = m_selection.back() + 1;
    std::atomic<bool> cancel = false;
    SolveHooks hooks;
    hooks.cancel = &cancel;
    runInterruptibly([&] { m_animation = solveAnimation(m_compiled->script, options, hooks); },
                     cancel);
    m_diagnostics = m_compiled->diagnostics;
    m_diagnostics.insert(m_diagnostics.end(), m_animation.diagnostics.begin(),
                         m_animation.diagnostics.end());
    // Every selected frame exists unless the solve ended early (a frame limit of the solver).
    while (!m_selection.empty() &&
           static_cast<size_t>(m_selection.back()) >= m_animation.frames.size())
        m_selection.pop_back();
}

SolvedAnimation::~SolvedAnimation() = default;

int SolvedAnimation::failedFrames() const {
    int failed = 0;
    for (const int f : m_selection) failed += m_animation.frames[size_t(f)].failed ? 1 : 0;
    return failed;
}

py::array_t<double> SolvedAnimation::values(const Quantity& quantity, Rate rate) const {
    const auto rows = static_cast<py::ssize_t>(m_selection.size());
    py::array_t<double> array = quantity.columns == 1
                                    ? py::array_t<double>(rows)
                                    : py::array_t<double>({rows, py::ssize_t(quantity.columns)});
    double* out = array.mutable_data();
    for (const int f : m_selection) {
        fillRow(*m_compiled, m_animation.frames[size_t(f)], quantity, rate, out);
        // A zero that cancels out (a sine of -0, a rate of a thing at rest) prints as 0, not -0.:
        // x + 0.0 is +0 for either zero and x for anything else, NaN included.
        for (int c = 0; c < quantity.columns; ++c) out[c] += 0.0;
        out += quantity.columns;
    }
    return array;
}

py::array_t<double> SolvedAnimation::times() const {
    py::array_t<double> array(static_cast<py::ssize_t>(m_selection.size()));
    double* out = array.mutable_data();
    for (const int f : m_selection) *out++ = m_animation.frames[size_t(f)].time;
    return array;
}

py::array_t<int64_t> SolvedAnimation::frameIndices() const {
    py::array_t<int64_t> array(static_cast<py::ssize_t>(m_selection.size()));
    int64_t* out = array.mutable_data();
    for (const int f : m_selection) *out++ = m_animation.frames[size_t(f)].index;
    return array;
}

py::array_t<bool> SolvedAnimation::ok() const {
    py::array_t<bool> array(static_cast<py::ssize_t>(m_selection.size()));
    bool* out = array.mutable_data();
    for (const int f : m_selection) *out++ = !m_animation.frames[size_t(f)].failed;
    return array;
}

std::string SolvedAnimation::json() const {
    std::string text;
    OutputBuffer out(text);
    writeSolveJson(out, *m_compiled->source, m_diagnostics, m_animation, m_selection);
    out.flush();
    return text;
}

std::string SolvedAnimation::htmlPage() const {
    ensureQtApplication();
    HtmlPageOptions options;
    if (!m_selection.empty()) options.frames = {m_selection.front(), m_selection.back()};
    const std::string& name = m_compiled->source->name();
    if (name != "<string>")
        options.title = QFileInfo(QString::fromStdString(name)).completeBaseName();
    const QByteArray page = htmlPlayerPage(m_animation, *m_compiled->images, options);
    return page.toStdString();
}

QImage SolvedAnimation::rendered(long long frame, double scale) {
    const int solved = static_cast<int>(m_animation.frames.size());
    const long long index = frame < 0 ? frame + solved : frame;
    if (index < 0 || index >= solved) {
        throw py::index_error(
            "no frame " + std::to_string(frame) + ": the animation has " +
            (solved == 1 ? "frame 0" : "frames 0 to " + std::to_string(solved - 1)) + " solved");
    }
    checkScale(*m_compiled->script, scale);
    ensureQtApplication();
    if (!m_renderer || m_rendererScale != scale || m_rendererThread != std::this_thread::get_id()) {
        m_renderer.reset();
        m_scaledImages.reset();
        if (scale < 1)
            m_scaledImages = std::make_unique<ImageLibrary>(ImageLibrary::Decoding::Full, scale);
        ImageLibrary& images = m_scaledImages ? *m_scaledImages : *m_compiled->images;
        m_renderer = std::make_unique<FrameRenderer>(images, m_compiled->script, scale);
        m_rendererScale = scale;
        m_rendererThread = std::this_thread::get_id();
    }
    QImage image = m_renderer->render(m_animation.frames[size_t(index)]);
    if (image.isNull()) throw std::bad_alloc();
    return image;
}

QByteArray SolvedAnimation::png(long long frame, double scale) {
    const QByteArray file = encodePng(rendered(frame, scale));
    if (file.isEmpty()) throw std::bad_alloc();
    return file;
}

py::array_t<uint8_t> SolvedAnimation::image(long long frame, double scale) {
    // The export's own image (Format_RGB32, opaque) in byte order R, G, B, A.
    const QImage rgba = rendered(frame, scale).convertToFormat(QImage::Format_RGBA8888);
    if (rgba.isNull()) throw std::bad_alloc();
    const py::ssize_t height = rgba.height(), width = rgba.width();
    py::array_t<uint8_t> array({height, width, py::ssize_t(4)});
    uint8_t* out = array.mutable_data();
    for (int y = 0; y < rgba.height(); ++y) {
        std::memcpy(out + y * width * 4, rgba.constScanLine(y), size_t(width) * 4);
    }
    return array;
}

void SolvedAnimation::save(const SaveRequest& request) const {
    ExportOptions options;
    options.output = QString::fromStdString(request.path);
    if (request.format) {
        if (!parseExportFormat(QString::fromStdString(*request.format), &options.format))
            throw py::value_error("unknown format '" + *request.format + "' (" +
                                  exportFormatNames().toStdString() + ")");
    } else if (const auto named = formatForPath(options.output)) {
        options.format = *named;
    } else {
        throw py::value_error("'" + request.path + "' names no format by its suffix: use one of " +
                              exportFormatNames().toStdString() + ", or format=");
    }
    options.scale = request.scale;
    options.overwrite = request.force;
    if (request.frames)
        options.frames = {request.frames->first, request.frames->second};
    else if (!m_selection.empty())
        options.frames = {m_selection.front(), m_selection.back()};
    const QString invalid = options.validate(static_cast<int>(m_animation.frames.size()));
    if (!invalid.isEmpty()) throw py::value_error(invalid.toStdString());
    checkScale(*m_compiled->script, options.scale);
    ensureQtApplication();
    ExportResult result;
    std::atomic<bool> cancel = false;
    const double decodeScale = pictureDecodeScale(options);
    std::optional<ImageLibrary> scaled;
    if (decodeScale < 1) scaled.emplace(ImageLibrary::Decoding::Full, decodeScale);
    ImageLibrary& images = scaled ? *scaled : *m_compiled->images;
    runInterruptibly([&] { result = exportAnimation(m_animation, images, options, &cancel); },
                     cancel);
    if (result.outcome != ExportResult::Outcome::Done) raiseOsError(result.message);
}

}  // namespace mv::python
