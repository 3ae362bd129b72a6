#include "lsp/inlay_hints.h"

#include <algorithm>

#include "lsp/name_lookup.h"
#include "lsp/value_text.h"

namespace mv::lsp {

namespace {

enum InlayHintKind { kType = 1 };

Json hint(const ClientPositions& positions, uint32_t at, const std::string& label) {
    const Position p = positions.position(at);
    return {{"position", {{"line", p.line}, {"character", p.character}}},
            {"label", label},
            {"kind", kType},
            {"paddingLeft", true}};
}

// "0 DOF", "1 DOF" or "2+ DOF": what the solve's freedom warnings say of `thing`.
std::string freedomOf(const Animation& animation, ThingId thing) {
    std::string freedom = "0 DOF";
    for (const Diagnostic& d : animation.diagnostics) {
        if (d.kind != DiagnosticKind::Freedom) continue;
        if (std::find(d.things.begin(), d.things.end(), thing) == d.things.end()) continue;
        if (d.id == DiagnosticId::ThingFree) return "2+ DOF";
        freedom = "1 DOF";
    }
    return freedom;
}

// The anchor a constraint's key names, written at its start: `Crank.Q = …` (a label or a
// component, `Crank.Q.x`, is not an anchor's key).
std::optional<std::pair<ThingId, int>> keyAnchor(const Script& script, const SourceText& source,
                                                 const Constraint& c) {
    const size_t dot = c.key.find('.');
    if (dot == std::string::npos || c.frees || !source.slice(c.range).starts_with(c.key))
        return std::nullopt;
    const int thing = script.thingIndex(c.key.substr(0, dot));
    if (thing < 0) return std::nullopt;
    const int anchor = script.things[size_t(thing)].anchorIndex(c.key.substr(dot + 1));
    if (anchor < 0) return std::nullopt;
    return std::pair{ThingId{uint32_t(thing)}, anchor};
}

}  // namespace

Json inlayHints(const Document& document, const Json& range, PositionEncoding encoding) {
    Json hints = Json::array();
    if (!document.compiledIsCurrent() || !document.animation) return hints;
    const Script& script = *document.script;
    const Animation& animation = *document.animation;
    const ClientPositions positions(document.source->text(), encoding);
    const uint32_t begin = positions.offset(positionField(range, "start"));
    const uint32_t end = positions.offset(positionField(range, "end"));
    const auto inside = [&](uint32_t at) { return begin <= at && at <= end; };
    for (ThingId id{0}; id < ThingId(uint32_t(script.things.size())); ++id) {
        const SourceRange name = script.things[id].nameRange;
        if (inside(name.end)) hints.push_back(hint(positions, name.end, freedomOf(animation, id)));
    }
    for (const Constraint& c : script.constraints) {
        const auto anchor = keyAnchor(script, *document.source, c);
        const uint32_t at = c.range.begin + uint32_t(c.key.size());
        if (!anchor || !inside(at)) continue;
        const int frame = framesOfStep(animation.plan, c.step).first;
        if (frame >= int(animation.frames.size())) continue;
        const FrameSolution& solved = animation.frames[size_t(frame)];
        if (solved.failed || anchor->first >= solved.poses.size()) continue;
        const Thing& thing = script.things[anchor->first];
        const Vec2 local = thing.anchors[size_t(anchor->second)].local;
        hints.push_back(hint(positions, at, vectorText(solved.poses[anchor->first].apply(local))));
    }
    return hints;
}

}  // namespace mv::lsp
