#include "app/web/page_pictures.h"

#include <algorithm>

namespace mv::web {

int PagePictures::add(const std::string& path) {
    const auto held = m_images.index(path);
    if (!held) return -1;
    const auto used = std::find(m_used.begin(), m_used.end(), *held);
    if (used != m_used.end()) return static_cast<int>(used - m_used.begin());
    m_used.push_back(*held);
    return static_cast<int>(m_used.size() - 1);
}

std::vector<std::string> PagePictures::ids() const {
    std::vector<std::string> ids;
    for (const size_t held : m_used) ids.push_back("mv-pic-" + std::to_string(held));
    return ids;
}

}  // namespace mv::web
