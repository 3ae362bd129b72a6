#include "app/web/named_images.h"

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
        if (!path.empty()) m_paths.insert(path);
}

ImageCheck NamedImages::check(const std::string& file) const {
    ImageCheck check;
    const bool relative = file.empty() || file.front() != '/';
    check.path = cleanPath(relative && !m_folder.empty() ? m_folder + "/" + file : file);
    if (!file.empty() && (m_paths.count(check.path) > 0 || m_paths.count(file) > 0))
        check.status = ImageCheck::Status::Found;
    return check;
}

}  // namespace mv::web
