#include "app/web/named_images.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace mv::web {

namespace {

// QDir::cleanPath's result for what a script names: "a/./b/../c" is "a/c"; a ".." that has no
// folder before it to take back stays.
std::string cleanPath(const std::string& path) {
    const bool absolute = !path.empty() && path.front() == '/';
    std::vector<std::string> parts;
    std::istringstream pieces(path);
    for (std::string part; std::getline(pieces, part, '/');) {
        if (part.empty() || part == ".") continue;
        if (part == ".." && !parts.empty() && parts.back() != "..")
            parts.pop_back();
        else if (part != ".." || !absolute)
            parts.push_back(part);
    }
    std::string clean = absolute ? "/" : "";
    for (size_t i = 0; i < parts.size(); ++i) clean += (i > 0 ? "/" : "") + parts[i];
    return clean.empty() ? "." : clean;
}

}  // namespace

NamedImages::NamedImages(std::string folder, const std::string& paths)
    : m_folder(std::move(folder)) {
    std::istringstream lines(paths);
    for (std::string path; std::getline(lines, path);)
        if (!path.empty()) m_paths.push_back(path);
}

ImageCheck NamedImages::check(const std::string& file) const {
    ImageCheck check;
    const bool relative = file.empty() || file.front() != '/';
    check.path = cleanPath(relative && !m_folder.empty() ? m_folder + "/" + file : file);
    const auto held = [&](const std::string& path) {
        return std::find(m_paths.begin(), m_paths.end(), path) != m_paths.end();
    };
    if (!file.empty() && (held(check.path) || held(file))) check.status = ImageCheck::Status::Found;
    return check;
}

std::optional<size_t> NamedImages::index(const std::string& path) const {
    for (size_t i = 0; i < m_paths.size(); ++i)
        if (m_paths[i] == path || check(m_paths[i]).path == path) return i;
    return std::nullopt;
}

}  // namespace mv::web
