// The solver in WebAssembly: what the page's worker calls (resources/web/), and what the node test
// compares with the desktop (tests/web/). Two functions, each the counterpart of a command:
// `solveJson` prints what `movimentum solve --json` prints, `checkLines` what `movimentum check`
// prints; `answer` gives both from one compile, for the worker at each edit. All take the script's
// text, the name diagnostics print before the line, the folder relative image names resolve
// against, and the paths of the images the page holds (one a line).

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

// What the page's worker asks for at each edit: both, from one compile.
struct Answer {
    std::string check;  // checkLines'
    std::string json;   // solveJson's
};

std::string lines(const SourceText& source, const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const Diagnostic& diagnostic : diagnostics)
        text += formatDiagnostic(source, diagnostic) + "\n";
    return text;
}

// The solved frames as `solve --json` prints them; empty where the command prints nothing: errors
// leave no script to solve, or the script has no frame.
std::string json(const SourceText& source, const CompileResult& result) {
    if (!result.script) return {};
    const Animation animation = solveAnimation(result.script, SolveOptions{});
    if (animation.frames.empty() && !animation.cancelled) return {};
    std::vector<Diagnostic> all = result.diagnostics;
    all.insert(all.end(), animation.diagnostics.begin(), animation.diagnostics.end());
    std::string text;
    OutputBuffer out(text);
    writeSolveJson(out, source, all, animation, FrameRange::from(0));
    out.flush();
    return text;
}

Answer answer(const std::string& text, const std::string& name, const std::string& folder,
              const std::string& images) {
    const SourceText source(name, text);
    const CompileResult result =
        compileScript(std::make_shared<const SourceText>(source), NamedImages(folder, images));
    return {lines(source, result.diagnostics), json(source, result)};
}

std::string solveJson(const std::string& text, const std::string& name, const std::string& folder,
                      const std::string& images) {
    return answer(text, name, folder, images).json;
}

std::string checkLines(const std::string& text, const std::string& name, const std::string& folder,
                       const std::string& images) {
    const auto source = std::make_shared<const SourceText>(name, text);
    return lines(*source, compileScript(source, NamedImages(folder, images)).diagnostics);
}

}  // namespace

EMSCRIPTEN_BINDINGS(movimentum) {
    emscripten::value_object<Answer>("Answer")
        .field("check", &Answer::check)
        .field("json", &Answer::json);
    emscripten::function("answer", &answer);
    emscripten::function("solveJson", &solveJson);
    emscripten::function("checkLines", &checkLines);
}

}  // namespace mv::web
