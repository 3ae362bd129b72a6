#pragma once
// The images of a script solved in the browser: no files there, only the pictures the page was
// exported with, known by the names the script wrote. A name among them is found; any other is
// missing, reported with the path the desktop would have looked at (the script's folder and the
// name), so a page and `movimentum solve` print the same diagnostic.

#include <set>
#include <string>

#include "core/analysis/image_resolver.h"

namespace mv::web {

class NamedImages : public ImageResolver {
public:
    // `folder`: the script's, as the desktop resolves relative names against it ("" for none);
    // `names`: the images the page holds, one per line, as the script writes them.
    NamedImages(std::string folder, const std::string& names);
    ImageCheck check(const std::string& file) const override;
    std::string folder() const override { return m_folder; }

private:
    std::string m_folder;
    std::set<std::string> m_names;
};

}  // namespace mv::web
