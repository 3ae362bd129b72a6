#pragma once
// Text from a script or a command line printed to a terminal. A control character in an image
// name or a file argument (an ESC sequence) would otherwise be obeyed by the terminal: it could
// clear the screen, retitle the window or hide the rest of the message. Every message the program
// prints goes through printable(), which shows such characters as escapes instead.

#include <string>
#include <string_view>

namespace mv {

// `text` with the C0 controls (including tab and line breaks), DEL and the C1 controls
// (U+0080–U+009F, which some terminals obey too) written as \xHH or \u00HH. Everything else,
// UTF-8 included, passes unchanged.
std::string printable(std::string_view text);

}  // namespace mv
