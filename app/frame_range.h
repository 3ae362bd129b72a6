#pragma once
// `--frames A:B`, shared by `solve` and `render` so both read it the same way: frames A to B-1,
// counted from 0; either side may be left out, and `A` alone means that one frame.

#include <optional>
#include <string>

namespace mv::app {

struct FrameRange {
    int begin = 0;
    int end = -1;  // one past the last frame; -1: to the last frame
};

// Nothing when the text is not such a range, or the range is empty.
std::optional<FrameRange> parseFrameRange(const std::string& text);

}  // namespace mv::app
