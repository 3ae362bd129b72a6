#pragma once
// The Qt application the module needs to decode images and draw frames. Python has none: the first
// call that needs one starts the headless commands' application (offscreen, never a window), and
// it then lives as long as the process. Where the host already runs a Qt application, that is used.

namespace mv::python {

void ensureQtApplication();

}  // namespace mv::python
