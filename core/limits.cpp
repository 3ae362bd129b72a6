#include "core/limits.h"

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

std::optional<std::string> canvasSizeProblem(double width, double height, double scale) {
    const double w = std::round(width * scale), h = std::round(height * scale);
    const bool fits = w <= kMaxCanvasSide && h <= kMaxCanvasSide && w * h <= kMaxCanvasPixels;
    if (fits) return std::nullopt;  // NaN never fits
    std::string size = pixels(w) + " × " + pixels(h) + " pixels";
    if (scale != 1) size += " at scale " + pixels(scale);
    return "the canvas would be " + size + "; the limit is " + pixels(kMaxCanvasSide) +
           " pixels per side and " + pixels(kMaxCanvasPixels / 1e6) + " million pixels in all";
}

std::string onlyFramesMessage(int frames) {
    return "the animation has only " + std::to_string(frames) +
           (frames == 1 ? " frame" : " frames");
}

}  // namespace mv
