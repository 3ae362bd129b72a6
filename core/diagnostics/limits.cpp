#include "core/diagnostics/limits.h"

#include <cmath>
#include <cstdio>

namespace mv {

namespace {

std::string pixels(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

}  // namespace

std::optional<DiagnosticMessage> canvasSizeProblem(double width, double height, double scale) {
    const double w = std::round(width * scale), h = std::round(height * scale);
    const bool fits = w <= kMaxCanvasSide && h <= kMaxCanvasSide && w * h <= kMaxCanvasPixels;
    if (fits) return std::nullopt;  // NaN never fits
    const std::string atScale = scale != 1 ? " at scale " + pixels(scale) : "";
    return diag<DiagnosticId::CanvasTooLarge>(pixels(w), pixels(h), atScale, pixels(kMaxCanvasSide),
                                              pixels(kMaxCanvasPixels / 1e6));
}

std::string onlyFramesMessage(int frames) {
    return "the animation has only " + std::to_string(frames) +
           (frames == 1 ? " frame" : " frames");
}

}  // namespace mv
