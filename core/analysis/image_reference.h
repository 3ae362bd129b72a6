#pragma once
// An image file the script names, a thing's picture or an element's visual, checked through the
// ImageResolver. Both report the same way (docs/reference.md#things-and-anchors, #mechanics): a
// missing or undecodable file is an error on its name that still leaves the model usable
// (DiagnosticKind::ImageFile), so the rest of the animation shows; a decodable one may carry a
// warning.

#include <string>
#include <vector>

#include "core/analysis/analysis_context.h"
#include "core/analysis/image_resolver.h"
#include "core/model/strong_id.h"

namespace mv {

struct ImageReference {
    std::string path;      // where the file was looked for (relative names resolved)
    bool missing = false;  // missing or cannot be drawn; the error is reported
};

// `file` as written, `nameRange` its literal in the script; `things` are the ids the diagnostics
// are about (the thing that shows the image, none for an element).
ImageReference checkImage(const std::string& file, SourceRange nameRange,
                          const ImageResolver& images, std::vector<ThingId> things,
                          AnalysisContext& context);

}  // namespace mv
