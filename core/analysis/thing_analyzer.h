#pragma once
// Builds the things of a script (docs/reference.md#things-and-anchors) from their definitions:
// anchors folded to constant body-frame positions, bar options, and image files checked through an
// ImageResolver.

#include <array>
#include <string_view>

#include "core/analysis/analysis_context.h"
#include "core/analysis/image_resolver.h"
#include "core/model/script.h"
#include "core/text/ast.h"

namespace mv {

// Always returns a thing, so ThingIds stay the definition order even when one is wrong; the errors
// are in the context. `imageMissing` (a missing or undecodable image) is the one error that still
// leaves a usable thing. `id` is the index the thing will have, which its image diagnostics name.
// A bar's drawing options, written as properties beside its anchors.
inline constexpr std::array<std::string_view, 2> kBarOptions = {"color", "width"};

Thing analyzeThing(const ast::Definition& definition, ThingId id, const ImageResolver& images,
                   const Config& config, AnalysisContext& context);

}  // namespace mv
