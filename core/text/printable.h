#pragma once
// Text from a script or a command line printed to a terminal. A control character in an image
// name or a file argument (an ESC sequence) would otherwise be obeyed by the terminal: it could
// clear the screen, retitle the window or hide the rest of the message. A bidirectional override
// (U+202E) would make the terminal show a different line than the file holds, and a line or
// paragraph separator (U+2028, U+2029) splits the message for every reader that splits lines the
// Unicode way, leaving a fragment without its FILE:LINE:COL. Every message the program prints goes
// through printable(), which shows such characters as escapes instead.

#include <string>
#include <string_view>

namespace mv {

// `text` with the C0 controls (including tab and line breaks), DEL and bytes that are not UTF-8
// written as \xHH, the C1 controls (U+0080–U+009F, which some terminals obey too) as \u00HH, and
// the invisible format characters (bidirectional controls, zero-width characters, the byte order
// mark, tags) and the line and paragraph separators as \u{HHHH}. Everything else passes unchanged,
// so the result is valid UTF-8 whatever `text` was.
std::string printable(std::string_view text);

}  // namespace mv
