#pragma once
// An ImageResolver for tests and benchmarks, which may read the disk where core may not: an
// image is found when a regular file of that name exists in `folder`. It does not decode (that
// needs Qt); the ui's resolver does, and its tests cover decoding.

#include <filesystem>
#include <string>

#include "core/analysis/image_resolver.h"

namespace mv::test {

class DiskImages : public ImageResolver {
public:
    explicit DiskImages(std::string folder = ".") : m_folder(std::move(folder)) {}

    ImageCheck check(const std::string& file) const override {
        namespace fs = std::filesystem;
        const fs::path written(file);
        const fs::path path =
            written.is_absolute() || m_folder.empty() ? written : fs::path(m_folder) / written;
        ImageCheck check;
        check.path = path.lexically_normal().string();
        std::error_code error;
        const bool found = !file.empty() && fs::is_regular_file(path, error);
        check.status = found ? ImageCheck::Status::Found : ImageCheck::Status::Missing;
        return check;
    }
    std::string folder() const override { return m_folder; }

private:
    std::string m_folder;
};

}  // namespace mv::test
