// The solver in WebAssembly: what the page's worker calls (resources/web/), and what the node test
// compares with the desktop (tests/web/). `solveJson` prints what `movimentum solve --json`
// prints, `checkLines` what `movimentum check` prints. At each edit the worker asks `preview` for
// the frame under the playhead first, solved alone (solver/api/single_frame.h) as the desktop
// editor shows it first, then `stream` for every frame, posted as they come; both give `check`'s
// lines and the player's data (solver/api/player_data.h, which the desktop's HTML export writes
// too). All take the script's text, the name diagnostics print before the line, the folder relative
// image names resolve against, and the paths of the images the page holds (one a line).

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <memory>
#include <string>

#include "app/web/named_images.h"
#include "app/web/page_pictures.h"
#include "core/compile.h"
#include "core/text/number_chars.h"
#include "solver/api/animation.h"
#include "solver/api/output_buffer.h"
#include "solver/api/player_data.h"
#include "solver/api/single_frame.h"
#include "solver/api/solve_output.h"

namespace mv::web {

namespace {

// What the page's worker asks for at each edit, from one compile.
struct Answer {
    std::string check;   // checkLines'
    std::string player;  // the player's data; empty where there is nothing to play
};

std::string lines(const SourceText& source, const std::vector<Diagnostic>& diagnostics) {
    std::string text;
    for (const Diagnostic& diagnostic : diagnostics)
        text += formatDiagnostic(source, diagnostic) + "\n";
    return text;
}

// One request's script compiled: what every entry point starts from.
struct Compiled {
    Compiled(const std::string& text, const std::string& name, const std::string& folder,
             const std::string& images)
        : source(std::make_shared<const SourceText>(name, text)),
          named(folder, images),
          result(compileScript(source, named)) {}

    // `check`'s lines, and nothing to play yet.
    Answer answer() const { return {lines(*source, result.diagnostics), {}}; }
    // The script's animation with its frame plan and no frame solved (the script compiled).
    Animation unsolved() const {
        Animation animation;
        animation.script = result.script;
        animation.plan = planFrames(*result.script);
        return animation;
    }

    std::shared_ptr<const SourceText> source;
    NamedImages named;
    CompileResult result;
};

// The solved frames as `solve --json` prints them; empty where the command prints nothing: the
// script has no frame.
std::string json(const SourceText& source, const CompileResult& result,
                 const Animation& animation) {
    if (animation.frames.empty() && !animation.cancelled) return {};
    std::vector<Diagnostic> all = result.diagnostics;
    all.insert(all.end(), animation.diagnostics.begin(), animation.diagnostics.end());
    std::string text;
    OutputBuffer out(text);
    writeSolveJson(out, source, all, animation, FrameRange::from(0));
    out.flush();
    return text;
}

std::string player(const Animation& animation, const NamedImages& images, FrameRange frames) {
    PagePictures pictures(images);
    return playerData(animation, pictures, {1, frames, {}});
}

// Every frame: `check`'s lines and the player's data. On the way `post` gets the player's data of
// the frames solved so far: first once the in-order solve has passed the playhead's frame `frame`
// (until then the page shows `preview`'s), then each time they have doubled, so the page's
// timeline fills as the desktop's does and all the data posted is at most twice the last.
Answer stream(const std::string& text, const std::string& name, const std::string& folder,
              const std::string& images, int frame, emscripten::val post) {
    const Compiled compiled(text, name, folder, images);
    Answer answer = compiled.answer();
    if (!compiled.result.script) return answer;
    Animation sofar = compiled.unsolved();
    std::vector<FrameSolution> frames;
    size_t next = static_cast<size_t>(std::max(frame, 0)) + 1;
    SolveHooks hooks;
    hooks.onFrame = [&](const FrameSolution& solved) {
        frames.push_back(solved);
        if (frames.size() < next) return;
        sofar.frames = AnimationFrames(frames);
        post(player(sofar, compiled.named, FrameRange::from(0)));
        next = frames.size() * 2;
    };
    const Animation animation = solveAnimation(compiled.result.script, SolveOptions{}, hooks);
    answer.player = player(animation, compiled.named, FrameRange::from(0));
    return answer;
}

// Where the frame the page shows starts from: the frame it shows now, carried over to the edited
// script by the names of its things (solver/api/single_frame.h), as the desktop editor starts
// from the frame of the animation before the edit. The page has that frame as the player's pose
// table holds it, x, y and angle of each thing of `beforeText`'s script in float32: a starting
// point, solved from there to the edited script's constraints. Without it (nothing shown yet, or
// the text shown no longer compiles alone) the script's initial poses.
FrameSolution startOf(const Script& script, const std::string& beforeText, const std::string& name,
                      const NamedImages& named, const std::vector<double>& beforePoses) {
    if (beforeText.empty()) return carryOver(script, nullptr, nullptr);
    const CompileResult before =
        compileScript(std::make_shared<const SourceText>(name, beforeText), named);
    if (!before.script || beforePoses.size() != 3 * before.script->things.size())
        return carryOver(script, nullptr, nullptr);
    FrameSolution shown;
    for (size_t i = 0; i < beforePoses.size(); i += 3)
        shown.poses.push_back({beforePoses[i], beforePoses[i + 1], beforePoses[i + 2]});
    shown.variables.assign(before.script->variables.size(), Vec2{});
    return carryOver(script, before.script.get(), &shown);
}

// Frame `frame` (clamped to the script's frames) solved alone from the frame shown (startOf):
// `check`'s lines and the player's data of that one frame.
Answer preview(const std::string& text, const std::string& name, const std::string& folder,
               const std::string& images, int frame, const std::string& beforeText,
               emscripten::val beforePoses) {
    const Compiled compiled(text, name, folder, images);
    Answer answer = compiled.answer();
    if (!compiled.result.script) return answer;
    Animation animation = compiled.unsolved();
    const Script& script = *compiled.result.script;
    const int count = static_cast<int>(animation.plan.frames.size());
    if (count == 0) return answer;
    const int at = std::clamp(frame, 0, count - 1);
    std::vector<FrameSolution> frames(static_cast<size_t>(at) + 1);
    frames.back() = solveSingleFrame(script, animation.plan, at,
                                     startOf(script, beforeText, name, compiled.named,
                                             emscripten::vecFromJSArray<double>(beforePoses)));
    animation.frames = AnimationFrames(std::move(frames));
    answer.player = player(animation, compiled.named, FrameRange{at, at});
    return answer;
}

// std::to_chars's text of `value` (core/text/number_chars.h), for tests/web/number_text_test.mjs.
std::string numberText(double value) {
    char text[64];
    return std::string(text, numberToChars(text, text + sizeof text, value).ptr);
}

std::string solveJson(const std::string& text, const std::string& name, const std::string& folder,
                      const std::string& images) {
    const Compiled compiled(text, name, folder, images);
    if (!compiled.result.script) return {};
    return json(*compiled.source, compiled.result,
                solveAnimation(compiled.result.script, SolveOptions{}));
}

std::string checkLines(const std::string& text, const std::string& name, const std::string& folder,
                       const std::string& images) {
    return Compiled(text, name, folder, images).answer().check;
}

}  // namespace

EMSCRIPTEN_BINDINGS(movimentum) {
    emscripten::value_object<Answer>("Answer")
        .field("check", &Answer::check)
        .field("player", &Answer::player);
    emscripten::function("preview", &preview);
    emscripten::function("stream", &stream);
    emscripten::function("solveJson", &solveJson);
    emscripten::function("checkLines", &checkLines);
    emscripten::function("numberText", &numberText);
}

}  // namespace mv::web
