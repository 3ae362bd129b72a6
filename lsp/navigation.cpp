#include "lsp/navigation.h"

#include "core/text/utf8.h"

#include <cstdio>

#include "lsp/name_lookup.h"

namespace mv::lsp {

namespace {

enum SymbolKind { kNamespace = 3, kClass = 5, kField = 8, kKey = 20, kStruct = 23, kEvent = 24 };

Json symbol(const ClientPositions& positions, const std::string& name, int kind, SourceRange range,
            SourceRange selection, const std::string& detail = {}) {
    Json s = {{"name", validUtf8(name)},
              {"kind", kind},
              {"range", rangeJson(positions, range)},
              {"selectionRange", rangeJson(positions, selection)},
              {"children", Json::array()}};
    if (!detail.empty()) s["detail"] = detail;
    return s;
}

// The gravity's name, where its definition starts.
SourceRange gravityName(const MachineGravity& gravity) {
    const auto length = static_cast<uint32_t>(gravity.name.size());
    return {gravity.range.begin, gravity.range.begin + length};
}

std::string seconds(double time) {
    char text[32];
    std::snprintf(text, sizeof text, "T = %g s", time);
    return text;
}

}  // namespace

std::optional<SourceRange> definitionAt(const Document& document, Position position,
                                        PositionEncoding encoding) {
    if (!document.model) return std::nullopt;
    const Script& script = *document.model;
    const ClientPositions positions(document.source->text(), encoding);
    const uint32_t offset = positions.offset(position);
    uint32_t lineStart = 0;
    const std::string_view line = positions.lineAt(offset, &lineStart);
    const Named named = lookup(script, line, offset - lineStart, offset, false);
    switch (named.kind) {
        case Named::Kind::Thing:
            return script.things[named.index].nameRange;
        case Named::Kind::Anchor:
            return script.things[named.index].anchors[named.sub].range;
        case Named::Kind::Element:
            return script.elements[named.index].nameRange;
        case Named::Kind::State:
            return script.elements[named.index].states[named.sub].range;
        case Named::Kind::Parameter:
            return script.elements[named.index].parameters[named.sub].range;
        case Named::Kind::Interaction:
            return script.interactions[named.index].nameRange;
        case Named::Kind::Mass:
            return script.masses[named.index].nameRange;
        case Named::Kind::Gravity:
            return gravityName(script.gravity);
        case Named::Kind::Variable:
            return script.variables[named.index].range;
        default:
            return std::nullopt;
    }
}

std::optional<std::string> imageFileAt(const Document& document, Position position,
                                       PositionEncoding encoding) {
    if (!document.model) return std::nullopt;
    const uint32_t offset = ClientPositions(document.source->text(), encoding).offset(position);
    for (const Thing& thing : document.model->things)
        if (thing.kind == Thing::Kind::Image && thing.imageRange.begin <= offset &&
            offset < thing.imageRange.end && !thing.imagePath.empty())
            return thing.imagePath;
    return std::nullopt;
}

Json documentSymbols(const Document& document, PositionEncoding encoding) {
    Json symbols = Json::array();
    if (!document.model) return symbols;
    const Script& script = *document.model;
    const ClientPositions positions(document.source->text(), encoding);
    for (const Thing& thing : script.things) {
        Json s = symbol(positions, thing.name, kClass, thing.range, thing.nameRange);
        for (const Anchor& anchor : thing.anchors)
            s["children"].push_back(
                symbol(positions, anchor.name, kField, anchor.range, anchor.range));
        symbols.push_back(std::move(s));
    }
    for (const Element& element : script.elements) {
        Json s = symbol(positions, element.name, kStruct, element.range, element.nameRange);
        for (const ElementState& state : element.states) {
            // A state left at its default points at the element's name, outside its range.
            const SourceRange at =
                state.range.begin >= element.range.begin && state.range.end <= element.range.end
                    ? state.range
                    : element.nameRange;
            s["children"].push_back(symbol(positions, state.name, kField, at, at));
        }
        symbols.push_back(std::move(s));
    }
    for (const Interaction& interaction : script.interactions)
        symbols.push_back(
            symbol(positions, interaction.name, kEvent, interaction.range, interaction.nameRange));
    for (const Mass& mass : script.masses)
        symbols.push_back(symbol(positions, mass.name, kEvent, mass.range, mass.nameRange));
    if (!script.gravity.name.empty())
        symbols.push_back(symbol(positions, script.gravity.name, kEvent, script.gravity.range,
                                 gravityName(script.gravity)));
    for (size_t s = 0; s < script.steps.size(); ++s) {
        const Step& step = script.steps[s];
        const std::string marker(document.source->slice(step.markerRange));
        SourceRange whole = step.markerRange;
        Json m = symbol(positions, marker, kNamespace, whole, step.markerRange, seconds(step.time));
        for (const ConstraintId id : step.constraints) {
            const Constraint& c = script.constraints[id];
            const std::string name =
                c.key.empty() ? std::string(document.source->slice(c.range)) : c.key;
            m["children"].push_back(symbol(positions, name, kKey, c.range, c.range));
            whole = SourceRange::cover(whole, c.range);
        }
        m["range"] = rangeJson(positions, whole);
        symbols.push_back(std::move(m));
    }
    return symbols;
}

}  // namespace mv::lsp
