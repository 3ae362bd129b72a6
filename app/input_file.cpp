#include "app/input_file.h"

#include <filesystem>
#include <fstream>

#include "core/diagnostics/limits.h"
#include "core/text/printable.h"

namespace mv::app {

namespace fs = std::filesystem;

namespace {

std::string cannotRead(const std::string& path, const std::string& why) {
    return "cannot read " + printable(path) + ": " + why;
}

}  // namespace

std::optional<std::string> readInputFile(const std::string& path, std::string* error) {
    std::error_code code;
    const fs::file_status status = fs::status(path, code);  // follows symlinks
    if (code || !fs::exists(status)) {
        *error = cannotRead(path, "no such file");
        return std::nullopt;
    }
    if (fs::is_directory(status)) {
        *error = cannotRead(path, "it is a folder");
        return std::nullopt;
    }
    if (!fs::is_regular_file(status)) {
        *error = cannotRead(path, "it is not a regular file");
        return std::nullopt;
    }
    const std::string limit = std::to_string(kMaxScriptBytes / (1024 * 1024)) + " MiB";
    const auto size = fs::file_size(path, code);
    if (!code && size > kMaxScriptBytes) {
        *error = cannotRead(path, "it is larger than " + limit);
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        *error = cannotRead(path, "permission denied or unreadable");
        return std::nullopt;
    }
    // Read at most one byte past the limit: the file may have grown since it was measured.
    std::string text(kMaxScriptBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    if (in.bad()) {
        *error = cannotRead(path, "a read error");
        return std::nullopt;
    }
    text.resize(static_cast<size_t>(in.gcount()));
    if (text.size() > kMaxScriptBytes) {
        *error = cannotRead(path, "it is larger than " + limit);
        return std::nullopt;
    }
    return text;
}

}  // namespace mv::app
