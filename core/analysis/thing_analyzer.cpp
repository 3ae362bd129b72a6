#include "core/analysis/thing_analyzer.h"

#include <algorithm>

#include "core/analysis/constant_folding.h"
#include "core/analysis/image_reference.h"
#include "core/analysis/suggestion_candidates.h"
#include "core/diagnostics/name_suggestion.h"

namespace mv {

namespace {

// Anchors may only refer to anchors defined before them in the same thing, which keeps them
// constants that fold in one pass, in order.
std::optional<Constant> earlierAnchor(const ast::Expr& name, const ast::Definition& definition,
                                      const Thing& thing, AnalysisContext& context) {
    if (const int index = thing.anchorIndex(name.text); index >= 0)
        return Constant{true, thing.anchors[index].local};
    for (const ast::Property& property : definition.properties) {
        if (property.name == name.text) {
            context.report(name.range,
                           diag<DiagnosticId::AnchorDefinedLater>(name.text, definition.name));
            return std::nullopt;
        }
    }
    context.report(name.range,
                   suggestName(diag<DiagnosticId::UnknownAnchor>(name.text, definition.name),
                               name.text, anchorNames(thing)));
    return std::nullopt;
}

void addAnchor(const ast::Property& property, const ast::Definition& definition, Thing& thing,
               AnalysisContext& context) {
    if (const int existing = thing.anchorIndex(property.name); existing >= 0) {
        context.report(property.nameRange,
                       diag<DiagnosticId::AnchorDefinedTwice>(
                           property.name, context.at(thing.anchors[existing].range)));
        return;
    }
    if (!property.value) return;
    // Image anchors fold in pixels (y down) and turn into body coordinates (y up) at the end, so
    // `Q = P+[0,30]` is 30 pixels below P in the picture, as the user sees it.
    const bool image = thing.kind == Thing::Kind::Image;
    Thing pixels = thing;
    if (image)
        for (Anchor& anchor : pixels.anchors) anchor.local.y = -anchor.local.y;
    const auto position = foldVector(
        *property.value, context, "an anchor position",
        [&](const ast::Expr& name) { return earlierAnchor(name, definition, pixels, context); });
    if (!position) return;
    const Vec2 local = image ? Vec2{position->x, -position->y} : *position;
    thing.anchors.push_back({property.name, property.range, local});
}

// A bar's drawing options share the property syntax with its anchors, so a bar cannot have an
// anchor called color or width; an image can.
bool isBarOption(const Thing& thing, std::string_view name) {
    return thing.kind == Thing::Kind::Bar &&
           std::find(kBarOptions.begin(), kBarOptions.end(), name) != kBarOptions.end();
}

void setBarOption(const ast::Property& property, Thing& thing, AnalysisContext& context) {
    if (!property.value) return;
    if (property.name == "color") {
        if (property.value->kind != ast::ExprKind::String) {
            context.report(property.value->range, diag<DiagnosticId::ColorNotString>());
            return;
        }
        thing.color = property.value->text;
        return;
    }
    const auto width = foldScalar(*property.value, context, "width");
    if (!width) return;
    if (*width <= 0) {
        context.report(property.value->range, diag<DiagnosticId::NotPositive>("width"));
        return;
    }
    thing.lineWidth = *width;
}

}  // namespace

Thing analyzeThing(const ast::Definition& definition, ThingId id, const ImageResolver& images,
                   const Config& config, AnalysisContext& context) {
    Thing thing;
    thing.name = definition.name;
    thing.nameRange = definition.nameRange;
    thing.range = definition.range;
    thing.kind =
        definition.kind == ast::DefinitionKind::Bar ? Thing::Kind::Bar : Thing::Kind::Image;
    if (thing.kind == Thing::Kind::Image) {
        thing.imageFile = definition.imageFile;
        thing.imageRange = definition.kindRange;
        // A missing or undecodable image still leaves a thing, drawn as a placeholder.
        const ImageReference image =
            checkImage(definition.imageFile, definition.kindRange, images, {id}, context);
        thing.imagePath = image.path;
        thing.imageMissing = image.missing;
        // An image starts where it would lie on the canvas if its top-left corner were the
        // canvas's: upright and visible, as drawn.
        thing.initialPose = {0, config.height, 0};
    }
    std::vector<const ast::Property*> options;
    for (const ast::Property& property : definition.properties) {
        if (!isBarOption(thing, property.name)) {
            addAnchor(property, definition, thing, context);
            continue;
        }
        const auto earlier = std::find_if(options.begin(), options.end(), [&](const auto* option) {
            return option->name == property.name;
        });
        if (earlier != options.end()) {
            context.report(property.nameRange, diag<DiagnosticId::PropertySetTwice>(
                                                   property.name, context.at((*earlier)->range)));
            continue;
        }
        options.push_back(&property);
        setBarOption(property, thing, context);
    }
    if (options.size() == definition.properties.size())
        context.report(definition.nameRange, diag<DiagnosticId::ThingWithoutAnchor>(thing.name));
    return thing;
}

}  // namespace mv
