#include "app/web/named_images.h"

#include <sstream>

namespace mv::web {

NamedImages::NamedImages(std::string folder, const std::string& names)
    : m_folder(std::move(folder)) {
    std::istringstream lines(names);
    for (std::string name; std::getline(lines, name);)
        if (!name.empty()) m_names.insert(name);
}

ImageCheck NamedImages::check(const std::string& file) const {
    ImageCheck check;
    const bool relative = !file.empty() && file.front() != '/';
    check.path = relative && !m_folder.empty() ? m_folder + "/" + file : file;
    if (m_names.count(file) > 0) check.status = ImageCheck::Status::Found;
    return check;
}

}  // namespace mv::web
