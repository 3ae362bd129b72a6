#pragma once
// The drawing properties of an element (docs/reference.md#visuals, "Visuals"): `visual = none` or
// `visual = 'file.png'`, `origin = [x, y]` and `scale = s`, constants folded like the element's
// other properties. They are about the canvas, not the motion: the mechanics never reads them.

#include <string_view>

#include <array>
#include <string_view>
#include "core/analysis/analysis_context.h"
#include "core/text/ast.h"

#include "core/analysis/image_resolver.h"
#include "core/model/script.h"

namespace mv {

// The drawing properties every element takes.
inline constexpr std::array<std::string_view, 3> kVisualProperties = {"visual", "origin", "scale"};

bool isVisualProperty(std::string_view name);

// An element's visual before its properties apply: its class visual, [0, 0] at the canvas centre,
// 100 canvas units per length unit.
ElementVisual defaultVisual(const Config& config);

// Applies one property for which isVisualProperty holds. A wrong value is reported and leaves
// what was there; a missing image file is reported and still sets an Image visual (imageMissing).
void setVisualProperty(ElementVisual& visual, const ast::Property& property,
                       const ImageResolver& images, AnalysisContext& context);

}  // namespace mv
