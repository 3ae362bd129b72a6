#pragma once
// `--frames A:B`, shared by `solve` and `render` so both read it the same way: frames A through B,
// both included, counted from 0 (the one range rule of core/model/frame_range.h). `A:` runs to the
// last frame, `:B` starts at frame 0, and `A` alone means that one frame.

#include <optional>
#include <string>

#include "core/model/frame_range.h"

namespace mv::app {

// Nothing when the text is not such a range, or B < A. `A:` is FrameRange::from(A).
std::optional<FrameRange> parseFrameRange(const std::string& text);

// What --frames takes, for the help text and the error message.
inline constexpr const char* kFrameRangeHelp =
    "frames A through B, both included, counted from 0; 'A:' to the last frame, 'A' one frame";

}  // namespace mv::app
