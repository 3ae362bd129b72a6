#pragma once
// The stated limits on what the program accepts (docs/troubleshooting.md lists them with their
// messages). Each keeps one kind of input from exhausting memory or wrapping an integer: a script
// file, a canvas (the frame images are width × height × 4 bytes, several alive at once while
// exporting), the number of frames in the range a command asks for.

#include <cstddef>
#include <optional>
#include <string>

#include "core/diagnostics/diagnostic.h"

namespace mv {

// The largest script file read: far beyond any hand-written script, and small enough that offsets
// fit SourceRange's 32 bits with room to spare.
inline constexpr std::size_t kMaxScriptBytes = 16 * 1024 * 1024;

// A frame image may be at most this many pixels per side and kMaxCanvasPixels in all (8K UHD,
// 7680 × 4320, fits; one such frame is 130 MB).
inline constexpr double kMaxCanvasSide = 8192;
inline constexpr double kMaxCanvasPixels = 40e6;

// What is wrong with a canvas of width × height units drawn at `scale` pixels per unit, or
// nothing when its frames fit the limits above.
std::optional<DiagnosticMessage> canvasSizeProblem(double width, double height, double scale);

// "the animation has only N frames", the one message for a frame range that starts past the end,
// whichever command was asked.
std::string onlyFramesMessage(int frames);

}  // namespace mv
