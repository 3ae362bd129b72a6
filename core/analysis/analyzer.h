#pragma once
// The analyzer: from the syntax tree to the immutable Script (docs/reference.md). It checks names
// (unique definitions, reserved words), folds definitions to constants, resolves and types every
// expression, keys the constraints and computes their lifetimes.

#include <memory>
#include <string>

#include "core/analysis/image_resolver.h"
#include "core/diagnostics/diagnostic.h"
#include "core/model/script.h"
#include "core/text/ast.h"

namespace mv {

// `images` answers for the image files. Returns null when `diagnostics` (which may already hold
// the parser's errors) has errors that leave no usable model; a missing or undecodable image file
// alone still gives a model, with the thing marked imageMissing.
std::shared_ptr<const Script> analyze(const ast::Script& syntax,
                                      std::shared_ptr<const SourceText> source,
                                      const ImageResolver& images, Diagnostics& diagnostics);

}  // namespace mv
