// The solver in WebAssembly: what the page's worker calls (resources/web/), and what the node test
// compares with the desktop (tests/web/). Two functions, each the counterpart of a command:
// `solveJson` prints what `movimentum solve --json` prints, `checkLines` what `movimentum check`
// prints. Both take the script's text, the name diagnostics print before the line, the folder
// relative image names resolve against, and the paths of the images the page holds (one a line).

#include <emscripten/bind.h>

#include <memory>
#include <string>

#include "app/web/named_images.h"
#include "core/compile.h"
#include "solver/api/animation.h"
#include "solver/api/output_buffer.h"
#include "solver/api/solve_output.h"

namespace mv::web {

namespace {

CompileResult compiled(const std::shared_ptr<const SourceText>& source, const std::string& folder,
                       const std::string& images) {
    return compileScript(source, NamedImages(folder, images));
}

// Every frame as `solve --json` prints it; empty where the command prints nothing: errors leave no
// script to solve (checkLines says which), or the script has no frame.
std::string solveJson(const std::string& text, const std::string& name, const std::string& folder,
                      const std::string& images) {
    const auto source = std::make_shared<const SourceText>(name, text);
    const CompileResult result = compiled(source, folder, images);
    if (!result.script) return {};
    const Animation animation = solveAnimation(result.script, SolveOptions{});
    // As the command: no frame to print is an error of its own, with nothing printed.
    if (animation.frames.empty() && !animation.cancelled) return {};
    std::vector<Diagnostic> all = result.diagnostics;
    all.insert(all.end(), animation.diagnostics.begin(), animation.diagnostics.end());
    std::string json;
    OutputBuffer out(json);
    writeSolveJson(out, *source, all, animation, FrameRange::from(0));
    out.flush();
    return json;
}

// The compile diagnostics as `check` prints them: NAME:LINE:COLUMN: severity: message, a line each.
std::string checkLines(const std::string& text, const std::string& name, const std::string& folder,
                       const std::string& images) {
    const auto source = std::make_shared<const SourceText>(name, text);
    std::string lines;
    for (const Diagnostic& diagnostic : compiled(source, folder, images).diagnostics)
        lines += formatDiagnostic(*source, diagnostic) + "\n";
    return lines;
}

}  // namespace

EMSCRIPTEN_BINDINGS(movimentum) {
    emscripten::function("solveJson", &solveJson);
    emscripten::function("checkLines", &checkLines);
}

}  // namespace mv::web
