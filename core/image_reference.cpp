#include "core/image_reference.h"

namespace mv {

ImageReference checkImage(const std::string& file, SourceRange nameRange,
                          const ImageResolver& images, std::vector<ThingId> things,
                          AnalysisContext& context) {
    const ImageCheck check = images.check(file);
    const std::string name = "image file '" + file + "'";
    auto report = [&](Severity severity, std::string message) {
        context.diagnostics.add(
            {severity, nameRange, std::move(message), DiagnosticKind::ImageFile, {}, things});
    };
    switch (check.status) {
        case ImageCheck::Status::Found:
            if (!check.warning.empty()) report(Severity::Warning, name + ": " + check.warning);
            return {check.path, false};
        case ImageCheck::Status::Missing:
            report(Severity::Error, name + " not found (looked for " + check.path + ")");
            return {check.path, true};
        case ImageCheck::Status::Unreadable:
            report(Severity::Error, name + " cannot be drawn: " + check.problem);
            return {check.path, true};
        case ImageCheck::Status::Unsaved:
            report(Severity::Warning, "save the script to find '" + file + "'");
            return {check.path, true};
    }
    return {check.path, true};
}

}  // namespace mv
