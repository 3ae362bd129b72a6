#pragma once
// One open document of the language server: its newest text, that text's compile, and the newest
// version that compiled together with its solve. Names, ranges and the outline come from the
// newest text's model, which the analyzer builds errors or not (the parser recovers), so every
// feature answers while the user types; values come from the last solve, which a version with
// errors keeps, as the editor keeps the last good animation (marked as from an earlier version).

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/analysis/image_resolver.h"
#include "core/compile.h"
#include "solver/api/animation.h"

namespace mv::lsp {

// The image files of a script in `folder`: the command line's resolver (it decodes them, so the
// diagnostics are `check`'s); a test may give one that only looks for the files.
using ImageResolverFactory =
    std::function<std::unique_ptr<ImageResolver>(const std::string& folder)>;

struct Document {
    std::string uri;
    std::string folder;  // relative image names resolve here
    int version = 0;
    std::shared_ptr<const SourceText> source;  // the newest text
    std::vector<Diagnostic> compileDiagnostics;
    std::shared_ptr<const Script> model;  // the newest text's, errors or not; never solved
    // The newest version that compiled: its text, its model and, once solved, its animation.
    int compiledVersion = -1;
    std::shared_ptr<const SourceText> compiledSource;
    std::shared_ptr<const Script> script;
    std::shared_ptr<const Animation> animation;

    // Compiles `text` as `version`.
    void update(std::string text, int version, const ImageResolverFactory& images);
    bool compiledIsCurrent() const { return compiledVersion == version; }
};

// The file path of a `file:` URI (percent-decoded), or empty for another scheme.
std::string pathOfUri(const std::string& uri);
// The folder of a `file:` URI's path.
std::string folderOfUri(const std::string& uri);

}  // namespace mv::lsp
