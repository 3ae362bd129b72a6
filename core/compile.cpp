#include "core/compile.h"

#include <algorithm>

#include "core/analyzer.h"
#include "core/parser.h"

namespace mv {

CompileResult compileScript(std::shared_ptr<const SourceText> source, const std::string& folder) {
    Diagnostics diagnostics;
    const ast::Script syntax = parse(*source, diagnostics);
    CompileResult result;
    result.script = analyze(syntax, source, folder, diagnostics);
    result.diagnostics = diagnostics.list();
    // Parser and analyzer report in passes; the user reads them top to bottom.
    std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    return result;
}

}  // namespace mv
