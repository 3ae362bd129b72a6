#pragma once
// Reads the script file a headless command was given. Only a regular file of at most
// kMaxScriptBytes (core/diagnostics/limits.h) is read: a directory, a device such as /dev/zero or a
// FIFO would otherwise read as an empty script, never end or exhaust memory.

#include <optional>
#include <string>

namespace mv::app {

// The file's bytes, or nothing with `error` set to a printable sentence that names the file.
std::optional<std::string> readInputFile(const std::string& path, std::string* error);

}  // namespace mv::app
