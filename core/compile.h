#pragma once
// The front end in one call: text -> tokens -> syntax tree -> analysed Script.

#include <memory>
#include <string>
#include <vector>

#include "core/analysis/image_resolver.h"
#include "core/diagnostics/diagnostic.h"
#include "core/model/script.h"

namespace mv {

struct CompileResult {
    // Null when errors leave no usable model (the editor then keeps the last good animation).
    // A missing or undecodable image file is an error, yet the model is still built with a
    // placeholder thing, so the rest of the animation shows.
    std::shared_ptr<const Script> script;
    // Never null: the model as far as the text allowed, errors or not, for the editors' names,
    // ranges and outline (the language server answers from it while the user types). Only
    // `script` is solved.
    std::shared_ptr<const Script> model;
    std::vector<Diagnostic> diagnostics;  // errors and warnings, in source order
};

// `images` answers for the script's image files (the ui's decodes them; core reads no files).
CompileResult compileScript(std::shared_ptr<const SourceText> source, const ImageResolver& images);

}  // namespace mv
