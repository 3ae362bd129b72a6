#pragma once
// The frames an Animation holds, from Script.solve(frames=...): None (every frame), a slice or a
// range of frame indices, any iterable of them, or one index. Negative indices count from the end
// as in Python; the frames must be in increasing order, so the rows of every array are in time.

#include <pybind11/pybind11.h>

#include <vector>

namespace mv::python {

// The indices selected among `frameCount` frames. Raises IndexError for a frame past either end,
// ValueError for an empty selection or one out of order, TypeError for anything else.
std::vector<int> selectFrames(const pybind11::handle& frames, int frameCount);

// One frame index as written: an int or a numpy integer, as Python indexes a list; a bool is not
// one (TypeError, `what` naming the argument), nor is anything else.
long long frameNumber(const pybind11::handle& value, const char* what);

// "frames 0 to 325" (or "frame 0", "no frames"): for the messages of the selections that fail.
std::string frameRangeText(int frameCount);

}  // namespace mv::python
