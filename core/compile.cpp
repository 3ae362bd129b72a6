#include "core/compile.h"

#include <algorithm>

#include "core/analysis/analyzer.h"
#include "core/text/parser.h"

namespace mv {

namespace {

// One error per place: a later stage that trips over what an earlier one already reported there
// (a number out of range, then "fps must be greater than 0") only repeats the problem. The sort
// is stable and the parser reports first, so the first error at a position is the root cause.
void dropFollowUpErrors(std::vector<Diagnostic>& diagnostics) {
    std::vector<Diagnostic> kept;
    for (Diagnostic& d : diagnostics) {
        const bool repeat = d.severity == Severity::Error && !kept.empty() &&
                            kept.back().severity == Severity::Error &&
                            kept.back().range.begin == d.range.begin;
        if (!repeat) kept.push_back(std::move(d));
    }
    diagnostics = std::move(kept);
}

// Missing images leave a usable model: things show placeholders, visuals their class's. Any
// other error leaves none.
bool solvable(const Script& script, const Diagnostics& diagnostics) {
    const auto missingImages =
        std::count_if(script.things.begin(), script.things.end(),
                      [](const Thing& thing) { return thing.imageMissing; }) +
        std::count_if(script.elements.begin(), script.elements.end(),
                      [](const Element& element) { return element.visual.imageMissing; });
    return diagnostics.errorCount() <= missingImages;
}

}  // namespace

CompileResult compileScript(std::shared_ptr<const SourceText> source, const ImageResolver& images) {
    Diagnostics diagnostics;
    const ast::Script syntax = parse(*source, diagnostics);
    CompileResult result;
    result.model = analyze(syntax, source, images, diagnostics);
    if (solvable(*result.model, diagnostics)) result.script = result.model;
    result.diagnostics = diagnostics.list();
    // Parser and analyzer report in passes; the user reads them top to bottom.
    std::stable_sort(
        result.diagnostics.begin(), result.diagnostics.end(),
        [](const Diagnostic& a, const Diagnostic& b) { return a.range.begin < b.range.begin; });
    dropFollowUpErrors(result.diagnostics);
    return result;
}

}  // namespace mv
