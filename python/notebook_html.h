#pragma once
// How Animation._repr_html_ shows the HTML player (ui/export/html_export.h) in a notebook: the page
// is a whole document with its own script and style, so it goes into an iframe's srcdoc, where it
// runs as it does from a file, apart from the notebook's page and its styles.

#include <string>

namespace mv::python {

// An iframe holding `page`, sized for a canvas of `width` × `height` CSS pixels and the player's
// controls below it.
std::string notebookFrame(const std::string& page, double width, double height);

}  // namespace mv::python
