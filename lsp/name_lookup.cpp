#include "lsp/name_lookup.h"

#include "core/analysis/reserved_names.h"
#include "core/editing/name_path.h"

namespace mv::lsp {

namespace {

std::string joined(const std::vector<std::string>& path) {
    std::string text;
    for (const std::string& part : path) text += (text.empty() ? "" : ".") + part;
    return text;
}

Named member(const Script& script, const std::vector<std::string>& path) {
    Named named;
    named.name = joined(path);
    const std::string& head = path.front();
    if (const int t = script.thingIndex(head); t >= 0) {
        named.index = static_cast<uint32_t>(t);
        if (path.size() == 1) return named.kind = Named::Kind::Thing, named;
        const int a = script.things[t].anchorIndex(path[1]);
        if (path.size() == 2 && a >= 0) named.kind = Named::Kind::Anchor, named.sub = uint32_t(a);
        return named;
    }
    if (const int e = script.elementIndex(head); e >= 0) {
        named.index = static_cast<uint32_t>(e);
        if (path.size() == 1) return named.kind = Named::Kind::Element, named;
        const Element& element = script.elements[e];
        if (path.size() != 2) return named;
        if (const int s = element.stateIndex(path[1]); s >= 0)
            named.kind = Named::Kind::State, named.sub = uint32_t(s);
        else if (const int p = element.parameterIndex(path[1]); p >= 0)
            named.kind = Named::Kind::Parameter, named.sub = uint32_t(p);
        return named;
    }
    if (path.size() != 1) return named;
    if (const int i = script.interactionIndex(head); i >= 0)
        return named.kind = Named::Kind::Interaction, named.index = uint32_t(i), named;
    if (const int m = script.massIndex(head); m >= 0)
        return named.kind = Named::Kind::Mass, named.index = uint32_t(m), named;
    if (!script.gravity.name.empty() && head == script.gravity.name)
        return named.kind = Named::Kind::Gravity, named;
    if (const int v = script.variableIndex(head); v >= 0)
        return named.kind = Named::Kind::Variable, named.index = uint32_t(v), named;
    if (isFunctionName(head)) return named.kind = Named::Kind::Function, named;
    if (isReservedName(head)) named.kind = Named::Kind::Reserved;
    return named;
}

}  // namespace

int stepAt(const Script& script, uint32_t offset) {
    int step = 0;
    for (size_t s = 0; s < script.steps.size(); ++s)
        if (script.steps[s].markerRange.begin <= offset) step = static_cast<int>(s);
    return step;
}

std::pair<int, int> framesOfStep(const FramePlan& plan, int step) {
    int first = -1, last = -1;
    for (const Frame& frame : plan.frames) {
        if (frame.step != step) continue;
        if (first < 0) first = frame.index;
        last = frame.index;
    }
    if (first < 0) return {0, 0};
    return {first, last};
}

Named lookup(const Script& script, std::string_view line, size_t column, uint32_t offset,
             bool sameVersion) {
    if (sameVersion) {
        for (uint32_t s = 0; s < script.steps.size(); ++s) {
            const SourceRange marker = script.steps[s].markerRange;
            if (marker.begin <= offset && offset <= marker.end && marker.length() > 0) {
                Named named;
                named.kind = Named::Kind::Marker;
                named.index = s;
                return named;
            }
        }
    }
    const std::vector<std::string> path = namePathAt(line, column);
    if (path.empty()) return {};
    return member(script, path);
}

}  // namespace mv::lsp
