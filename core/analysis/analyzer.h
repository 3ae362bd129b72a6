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

// `images` answers for the image files. Always returns the model, as far as the analyzer could
// build it: with errors in `diagnostics` (which may already hold the parser's) it has the names
// and ranges the editors need but is no model to solve (compileScript decides which is which).
std::shared_ptr<const Script> analyze(const ast::Script& syntax,
                                      std::shared_ptr<const SourceText> source,
                                      const ImageResolver& images, Diagnostics& diagnostics);

}  // namespace mv
