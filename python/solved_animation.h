#pragma once
// What mv.Animation is: a script's frames solved (solver/api/animation.h) and the selection of them
// the user asked for, with everything read from it in C++: the arrays of poses, anchors, variables,
// states and their rates, and of what the constraints carry (one loop over the frames, never a
// Python loop per frame), the JSON document of `solve --json`, the frame images of `render --format
// png` and the exports of `render`, through the very writers and renderer the command line uses.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <QImage>

#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "compiled_script.h"
#include "diagnostic_record.h"
#include "quantity.h"
#include "solver/api/animation.h"
#include "ui/scene/image_library.h"

namespace mv {

class FrameRenderer;

namespace python {

// The export options Animation.save() takes, as `render` does.
struct SaveRequest {
    std::string path;
    std::optional<std::string> format;  // by the path's suffix when absent
    double scale = 1;
    std::optional<std::pair<int, int>> frames;  // first and last; the selection's span when absent
    bool force = false;                         // replace files that exist, as render's --force
};

class SolvedAnimation {
public:
    // Solves the selected frames of `compiled` (every frame before the last selected one is
    // solved too: each frame starts from the one before). Releases the GIL; Ctrl-C cancels it.
    SolvedAnimation(std::shared_ptr<const CompiledScript> compiled, std::vector<int> selection);
    ~SolvedAnimation();

    const std::shared_ptr<const CompiledScript>& compiled() const { return m_compiled; }
    const Animation& animation() const { return m_animation; }
    const std::vector<int>& selection() const { return m_selection; }
    // The compile's warnings, then the solve's diagnostics (conflicts, free things, mechanics).
    const std::vector<Diagnostic>& diagnostics() const { return m_diagnostics; }
    int failedFrames() const;

    enum class Rate { Value, Velocity, Acceleration };
    // (N,) for a scalar, (N, 2) for a point, a vector, a force or the energy, (N, 3) for a pose;
    // NaN where undefined.
    pybind11::array_t<double> values(const Quantity& quantity, Rate rate) const;
    pybind11::array_t<double> times() const;
    pybind11::array_t<int64_t> frameIndices() const;
    pybind11::array_t<bool> ok() const;

    std::string json() const;
    // The HTML player page (ui/export/html_export.h) of the selection's span, as `render --format
    // html` writes it for an output named after the script.
    std::string htmlPage() const;
    // Frame `frame` (any solved frame, by its index in the animation) as (H, W, 4) RGBA bytes.
    pybind11::array_t<uint8_t> image(long long frame, double scale);
    // The same frame as `render --format png` writes it: the PNG file's bytes.
    QByteArray png(long long frame, double scale);
    void save(const SaveRequest& request) const;

private:
    std::shared_ptr<const CompiledScript> m_compiled;
    std::vector<int> m_selection;
    Animation m_animation;
    std::vector<Diagnostic> m_diagnostics;
    // The last renderer image() used, kept for the next frame: a scene is costly to set up. A
    // QGraphicsScene belongs to the thread that first used it, hence the thread.
    // Below scale 1 the pictures are decoded at the size drawn, as `render --scale` does, so the
    // frames are the command line's pixel for pixel.
    QImage rendered(long long frame, double scale);

    std::unique_ptr<ImageLibrary> m_scaledImages;
    std::unique_ptr<FrameRenderer> m_renderer;
    double m_rendererScale = 0;
    std::thread::id m_rendererThread;
};

}  // namespace python
}  // namespace mv
