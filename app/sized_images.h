#pragma once
// The images of a command that draws nothing (`check`, `solve`, `lsp`): each file is looked up
// next to the script and only its header read, for its size (twenty 5792 × 5792 pictures cost
// 42 MB and 0.1 s that way, against 2.8 GB and 19 s decoded; docs/troubleshooting.md). So the
// three report the same image diagnostics. Needs a QGuiApplication (HeadlessApplication).

#include <string>

#include "core/analysis/image_resolver.h"
#include "ui/scene/image_files.h"
#include "ui/scene/image_library.h"

namespace mv::app {

class SizedImages : public ImageResolver {
public:
    // `folder`: the script's; "" for a script not saved yet (its images are not looked for).
    explicit SizedImages(const std::string& folder)
        : m_files(m_library, QString::fromStdString(folder)) {}
    ImageCheck check(const std::string& file) const override { return m_files.check(file); }
    std::string folder() const override { return m_files.folder(); }

private:
    ImageLibrary m_library{ImageLibrary::Decoding::SizeOnly};
    ImageFiles m_files;  // borrows m_library
};

}  // namespace mv::app
