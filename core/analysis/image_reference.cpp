#include "core/analysis/image_reference.h"

namespace mv {

ImageReference checkImage(const std::string& file, SourceRange nameRange,
                          const ImageResolver& images, std::vector<ThingId> things,
                          AnalysisContext& context) {
    const ImageCheck check = images.check(file);
    auto report = [&](DiagnosticMessage message) {
        context.diagnostics.add(makeDiagnostic(nameRange, std::move(message), {}, things));
    };
    switch (check.status) {
        case ImageCheck::Status::Found:
            if (!check.warning.empty())
                report(diag<DiagnosticId::ImageWarning>(file, check.warning));
            return {check.path, false};
        case ImageCheck::Status::Missing:
            report(diag<DiagnosticId::ImageNotFound>(file, check.path));
            return {check.path, true};
        case ImageCheck::Status::Unreadable:
            report(diag<DiagnosticId::ImageUnreadable>(file, check.problem));
            return {check.path, true};
        case ImageCheck::Status::Unsaved:
            report(diag<DiagnosticId::ImageUnsaved>(file));
            return {check.path, true};
    }
    return {check.path, true};
}

}  // namespace mv
