#include "lsp/document.h"

#include <filesystem>

namespace mv::lsp {

namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The images of a document that has no folder (an `untitled:` one, no workspace open): a
// relative name has nowhere to be looked for.
class UnsavedImages : public ImageResolver {
public:
    explicit UnsavedImages(std::unique_ptr<ImageResolver> absolute)
        : m_absolute(std::move(absolute)) {}
    ImageCheck check(const std::string& file) const override {
        if (std::filesystem::path(file).is_absolute()) return m_absolute->check(file);
        ImageCheck check;
        check.status = ImageCheck::Status::Unsaved;
        check.path = file;
        return check;
    }
    std::string folder() const override { return {}; }

private:
    std::unique_ptr<ImageResolver> m_absolute;
};

}  // namespace

std::string pathOfUri(const std::string& uri) {
    constexpr std::string_view scheme = "file://";
    if (uri.compare(0, scheme.size(), scheme) != 0) return {};
    std::string path;
    for (size_t i = scheme.size(); i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && hexValue(uri[i + 1]) >= 0 &&
            hexValue(uri[i + 2]) >= 0) {
            path += static_cast<char>(hexValue(uri[i + 1]) * 16 + hexValue(uri[i + 2]));
            i += 2;
        } else {
            path += uri[i];
        }
    }
    return path;
}

std::string folderOfUri(const std::string& uri) {
    const std::string path = pathOfUri(uri);
    return path.empty() ? std::string() : std::filesystem::path(path).parent_path().string();
}

void Document::update(std::string text, int newVersion, const ImageResolverFactory& images) {
    version = newVersion;
    const std::string name = pathOfUri(uri).empty() ? uri : pathOfUri(uri);
    source = std::make_shared<const SourceText>(name, std::move(text));
    std::unique_ptr<ImageResolver> resolver = images(folder);
    if (folder.empty()) resolver = std::make_unique<UnsavedImages>(std::move(resolver));
    CompileResult result = compileScript(source, *resolver);
    compileDiagnostics = std::move(result.diagnostics);
    model = std::move(result.model);
    if (!result.script) return;
    compiledVersion = version;
    compiledSource = source;
    script = std::move(result.script);
    animation.reset();
}

}  // namespace mv::lsp
