#include "frames_argument.h"

#include <numeric>
#include <string>

namespace py = pybind11;

namespace mv::python {

std::string frameRangeText(int frameCount) {
    if (frameCount <= 0) return "no frames";
    if (frameCount == 1) return "frame 0";
    return "frames 0 to " + std::to_string(frameCount - 1);
}

namespace {

std::vector<int> fromSlice(const py::slice& slice, int frameCount) {
    py::ssize_t start = 0, stop = 0, step = 0, length = 0;
    if (!slice.compute(frameCount, &start, &stop, &step, &length)) throw py::error_already_set();
    if (step <= 0) throw py::value_error("frames must run forward: the slice's step must be > 0");
    std::vector<int> frames;
    frames.reserve(static_cast<size_t>(length));
    for (py::ssize_t i = 0; i < length; ++i) frames.push_back(static_cast<int>(start + i * step));
    return frames;
}

std::string typeName(const py::handle& value) {
    return py::str(py::type::of(value).attr("__name__"));
}

// Python's bool and numpy's bool_ are integers to PyNumber_Index, but True is no frame 1: a
// boolean mask given as frames is a mistake to say, not frames 0 and 1 to return.
bool isBoolean(const py::handle& value) {
    return PyBool_Check(value.ptr()) ||
           (py::hasattr(value, "dtype") &&
            py::str(value.attr("dtype").attr("kind")).equal(py::str("b")));
}

}  // namespace

long long frameNumber(const py::handle& value, const char* what) {
    if (isBoolean(value))
        throw py::type_error(std::string(what) + ": " + typeName(value) +
                             " is not a frame index (True is not frame 1)");
    PyObject* number = PyNumber_Index(value.ptr());
    if (!number) {
        PyErr_Clear();
        throw py::type_error(std::string(what) + ": " + typeName(value) + " is not a frame index");
    }
    const long long result = PyLong_AsLongLong(number);
    Py_DECREF(number);
    if (result == -1 && PyErr_Occurred()) throw py::error_already_set();
    return result;
}

namespace {

int index(const py::handle& item, int frameCount) {
    const long long value = frameNumber(item, "frames");
    const long long frame = value < 0 ? value + frameCount : value;
    if (frame < 0 || frame >= frameCount) {
        throw py::index_error("no frame " + std::to_string(value) + ": the script has " +
                              frameRangeText(frameCount));
    }
    return static_cast<int>(frame);
}

}  // namespace

std::vector<int> selectFrames(const py::handle& frames, int frameCount) {
    std::vector<int> selected;
    if (frames.is_none()) {
        selected.resize(static_cast<size_t>(std::max(frameCount, 0)));
        std::iota(selected.begin(), selected.end(), 0);
        return selected;
    }
    if (py::isinstance<py::slice>(frames)) {
        selected = fromSlice(py::reinterpret_borrow<py::slice>(frames), frameCount);
    } else if (py::isinstance<py::iterable>(frames) && !py::isinstance<py::str>(frames)) {
        for (const py::handle item : frames) {
            selected.push_back(index(item, frameCount));
            if (selected.size() > 1 && selected.back() <= selected[selected.size() - 2]) {
                throw py::value_error("frames must be in increasing order: frame " +
                                      std::to_string(selected.back()) + " comes after frame " +
                                      std::to_string(selected[selected.size() - 2]));
            }
        }
    } else if (PyIndex_Check(frames.ptr())) {  // after iterables: a numpy array has __index__
        selected.push_back(index(frames, frameCount));
    } else {
        throw py::type_error(
            "frames must be None, a slice, a range or a sequence of frame indices, not " +
            typeName(frames));
    }
    if (selected.empty())
        throw py::value_error("frames selects no frame; the script has " +
                              frameRangeText(frameCount));
    return selected;
}

}  // namespace mv::python
