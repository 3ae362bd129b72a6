#include "core/analysis/element_visual_analyzer.h"

#include <algorithm>

#include "core/analysis/constant_folding.h"
#include "core/analysis/image_reference.h"

namespace mv {

namespace {

void setVisualKind(ElementVisual& visual, const ast::Expr& value, const ImageResolver& images,
                   AnalysisContext& context) {
    if (value.kind == ast::ExprKind::Name && value.text == "none") {
        visual.kind = ElementVisual::Kind::None;
        return;
    }
    if (value.kind != ast::ExprKind::String) {
        context.report(value.range, diag<DiagnosticId::BadVisual>());
        return;
    }
    visual.kind = ElementVisual::Kind::Image;
    visual.imageFile = value.text;
    visual.imageRange = value.range;
    const ImageReference image = checkImage(value.text, value.range, images, {}, context);
    visual.imagePath = image.path;
    visual.imageMissing = image.missing;
}

void setScale(ElementVisual& visual, const ast::Expr& value, AnalysisContext& context) {
    const auto scale = foldScalar(value, context, "scale");
    if (!scale) return;
    if (!(*scale > 0)) {
        context.report(value.range, diag<DiagnosticId::NotPositive>("scale"));
        return;
    }
    visual.scale = *scale;
}

}  // namespace

bool isVisualProperty(std::string_view name) {
    return std::find(kVisualProperties.begin(), kVisualProperties.end(), name) !=
           kVisualProperties.end();
}

ElementVisual defaultVisual(const Config& config) {
    ElementVisual visual;
    visual.origin = {config.width / 2, config.height / 2};
    return visual;
}

void setVisualProperty(ElementVisual& visual, const ast::Property& property,
                       const ImageResolver& images, AnalysisContext& context) {
    if (!property.value) return;
    const ast::Expr& value = *property.value;
    if (property.name == "visual") return setVisualKind(visual, value, images, context);
    if (property.name == "scale") return setScale(visual, value, context);
    if (const auto origin = foldVector(value, context, "the origin")) visual.origin = *origin;
}

}  // namespace mv
