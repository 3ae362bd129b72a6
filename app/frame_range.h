#pragma once
// `--frames A:B`, shared by `solve` and `render` so both read it the same way: frames A through B,
// both included, counted from 0 (decisions: one inclusive range rule everywhere). `A:` runs to the
// last frame, `:B` starts at frame 0, and `A` alone means that one frame.

#include <optional>
#include <string>

namespace mv::app {

// Held half-open, as the solver and the exporter take it.
struct FrameRange {
    int begin = 0;
    int end = -1;  // one past the last frame; -1: to the last frame

    bool contains(int index) const { return index >= begin && (end < 0 || index < end); }
};

// Nothing when the text is not such a range, or B < A.
std::optional<FrameRange> parseFrameRange(const std::string& text);

// What --frames takes, for the help text and the error message.
inline constexpr const char* kFrameRangeHelp =
    "frames A through B, both included, counted from 0; 'A:' to the last frame, 'A' one frame";

}  // namespace mv::app
