#pragma once
// How a notebook shows an Animation (Animation._repr_mimebundle_). A notebook that runs shows the
// HTML player in an iframe (notebook_html.h); the viewers that show no iframe or no HTML (GitHub's
// and nbviewer's static pages, an untrusted notebook, a PDF) fall back to a picture of the frame
// the player opens at, a PNG that rides along in the same output. An animated GIF of the frames
// rides along only when asked for by name, display(a, include=["image/gif", ...]): it takes
// ffmpeg and a while.

#include <pybind11/pybind11.h>

namespace mv::python {

class SolvedAnimation;

// The bundle of `animation` for IPython's display: "text/html", "image/png" (base64, as the
// notebook format stores it) unless `exclude` names them or `include` leaves them out, and
// "image/gif" only when `include` names it. `include` and `exclude` are IPython's: None or a
// collection of MIME types.
pybind11::dict notebookBundle(SolvedAnimation& animation, const pybind11::object& include,
                              const pybind11::object& exclude);

}  // namespace mv::python
