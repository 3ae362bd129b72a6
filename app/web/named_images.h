#pragma once
// The images of a script solved in the browser: no files there, only the pictures the page holds,
// known by their paths. A name is found when the path the desktop would look at (the script's
// folder joined with the name, cleaned of "." and ".." as Qt cleans it) or the name itself is
// among them; any other is missing, reported with that path, so a page and `movimentum solve`
// print the same diagnostic.

#include <optional>
#include <string>
#include <vector>

#include "core/analysis/image_resolver.h"

namespace mv::web {

class NamedImages : public ImageResolver {
public:
    // `folder`: the script's, relative names resolve against it ("" for none); `paths`: the
    // images the page holds, one a line.
    NamedImages(std::string folder, const std::string& paths);
    ImageCheck check(const std::string& file) const override;
    std::string folder() const override { return m_folder; }
    // Which of the page's images a found image's path (ImageCheck::path, Thing::imagePath) is:
    // its place in `paths`.
    std::optional<size_t> index(const std::string& path) const;

private:
    std::string m_folder;
    std::vector<std::string> m_paths;  // in the page's order
};

}  // namespace mv::web
