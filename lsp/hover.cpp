#include "lsp/hover.h"

#include <cstdio>

#include "core/analysis/reserved_names.h"
#include "lsp/name_lookup.h"

namespace mv::lsp {

namespace {

std::string number(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v == 0 ? 0.0 : v);  // never "-0"
    return text;
}

std::string vec(Vec2 v) {
    return "[" + number(v.x) + ", " + number(v.y) + "]";
}

int lineOf(const Script& script, SourceRange range) {
    return script.source ? script.source->location(range.begin).line : 0;
}

// Value, velocity and acceleration of what `named` is, at one solved frame.
std::string valuesAt(const Script& script, const FrameSolution& frame, const Named& named) {
    const auto has = [](const auto& list, size_t i) { return i < list.size(); };
    switch (named.kind) {
        case Named::Kind::Anchor: {
            if (!has(frame.poses, named.index)) return {};
            const Pose& pose = frame.poses[named.index];
            const Vec2 local = script.things[named.index].anchors[named.sub].local;
            std::string text = vec(pose.apply(local));
            if (has(frame.poseVelocities, named.index) &&
                has(frame.poseAccelerations, named.index)) {
                const Pose& v = frame.poseVelocities[named.index];
                text +=
                    ", v " + vec(anchorVelocity(pose, v, local)) + ", a " +
                    vec(anchorAcceleration(pose, v, frame.poseAccelerations[named.index], local));
            }
            return text;
        }
        case Named::Kind::Variable: {
            if (!has(frame.variables, named.index)) return {};
            const bool vector = script.variables[named.index].type == ValueType::Vector;
            const auto show = [&](Vec2 v) { return vector ? vec(v) : number(v.x); };
            std::string text = show(frame.variables[named.index]);
            if (has(frame.variableVelocities, named.index) &&
                has(frame.variableAccelerations, named.index))
                text += ", v " + show(frame.variableVelocities[named.index]) + ", a " +
                        show(frame.variableAccelerations[named.index]);
            return text;
        }
        case Named::Kind::State: {
            if (!has(frame.elements, named.index) || !has(frame.elements[named.index], named.sub))
                return {};
            const bool vector =
                script.elements[named.index].states[named.sub].type == ValueType::Vector;
            const auto show = [&](Vec2 v) { return vector ? vec(v) : number(v.x); };
            std::string text = show(frame.elements[named.index][named.sub]);
            if (has(frame.elementVelocities, named.index) &&
                has(frame.elementVelocities[named.index], named.sub))
                text += ", v " + show(frame.elementVelocities[named.index][named.sub]);
            return text;
        }
        default:
            return {};
    }
}

std::string frameLine(const Animation& animation, int index, const Named& named,
                      const std::string& label) {
    if (index < 0 || index >= static_cast<int>(animation.frames.size())) return {};
    const FrameSolution& frame = animation.frames[static_cast<size_t>(index)];
    const std::string values =
        frame.failed ? "not solved (the frame failed)" : valuesAt(*animation.script, frame, named);
    if (values.empty()) return {};
    return "\n\n" + label + ", frame " + std::to_string(index) + ", T = " + number(frame.time) +
           " s: " + values;
}

// The first and last frame of step `step` (frame 0 before any step has frames).
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

const char* typeName(ArgumentType type) {
    switch (type) {
        case ArgumentType::Scalar:
            return "scalar";
        case ArgumentType::Vector:
            return "vector";
        case ArgumentType::Same:
            return "T";
    }
    return "T";
}

// `lerp(T, T, scalar) → T` for each form the function takes (T: scalar or vector, the same).
std::string signatures(const std::string& name) {
    std::string text;
    for (const size_t arity : functionArities(name)) {
        const FunctionSignature* f = findFunction(name, arity);
        std::string form = "`" + name + "(";
        for (size_t i = 0; i < f->arguments.size(); ++i)
            form += std::string(i ? ", " : "") + typeName(f->arguments[i]);
        text += (text.empty() ? "" : " \u00b7 ") + form + ") \u2192 " + typeName(f->result) + "`";
    }
    if (text.find("T") != std::string::npos) text += " (T: both scalars or both vectors)";
    return text;
}

std::string describe(const Script& script, const Named& named) {
    const std::string bold = "**" + named.name + "**";
    switch (named.kind) {
        case Named::Kind::Thing: {
            const Thing& t = script.things[named.index];
            const std::string kind = t.kind == Thing::Kind::Image
                                         ? "image thing '" + t.imageFile + "'"
                                         : std::string("bar");
            return bold + " \u2014 " + kind + ", line " +
                   std::to_string(lineOf(script, t.nameRange));
        }
        case Named::Kind::Anchor:
            return bold + " \u2014 anchor of " + script.things[named.index].name + ", line " +
                   std::to_string(
                       lineOf(script, script.things[named.index].anchors[named.sub].range));
        case Named::Kind::Element:
            return bold + " \u2014 element, line " +
                   std::to_string(lineOf(script, script.elements[named.index].nameRange));
        case Named::Kind::State:
            return bold + " \u2014 state of " + script.elements[named.index].name;
        case Named::Kind::Parameter: {
            const ElementParameter& p = script.elements[named.index].parameters[named.sub];
            return bold + " \u2014 parameter of " + script.elements[named.index].name + " = " +
                   number(p.value);
        }
        case Named::Kind::Interaction:
            return bold + " \u2014 interaction, line " +
                   std::to_string(lineOf(script, script.interactions[named.index].nameRange));
        case Named::Kind::Mass: {
            const Mass& m = script.masses[named.index];
            return bold + " \u2014 mass of " + number(m.mass) + " kg on " +
                   script.things[m.target].name + ", J = " + number(m.inertia) +
                   " kg\u00b7m\u00b2 about " + vec(m.centre) + ", line " +
                   std::to_string(lineOf(script, m.nameRange));
        }
        case Named::Kind::Gravity:
            return bold + " \u2014 the machine's gravity, g = " + vec(script.gravity.g) +
                   " m/s\u00b2, " + number(script.gravity.scale) + " canvas units a metre, line " +
                   std::to_string(lineOf(script, script.gravity.range));
        case Named::Kind::Variable:
            return bold + " \u2014 variable, first used on line " +
                   std::to_string(lineOf(script, script.variables[named.index].range));
        case Named::Kind::Function:
            return bold + " \u2014 built-in function (docs/reference.md#expressions-and-types): " +
                   signatures(named.name);
        case Named::Kind::Reserved:
            return bold +
                   " \u2014 reserved name (t: time in the step, T: time, iv: the step's length, "
                   "pi, deg)";
        default:
            return {};
    }
}

std::string markerText(const Document& document, const Named& named) {
    const Script& script = *document.script;
    const Step& step = script.steps[named.index];
    std::string text = "**marker** `" +
                       std::string(document.compiledSource->slice(step.markerRange)) +
                       "` \u2014 T = " + number(step.time) + " s";
    if (!document.animation) return text + "\n\nnot solved yet";
    const auto [first, last] = framesOfStep(document.animation->plan, int(named.index));
    int failed = 0;
    for (int f = first; f <= last && f < int(document.animation->frames.size()); ++f)
        failed += document.animation->frames[size_t(f)].failed;
    return text + ", frames " + std::to_string(first) + "\u2013" + std::to_string(last) + ", " +
           std::to_string(failed) + " failed";
}

}  // namespace

std::optional<std::string> hoverText(const Document& document, Position position,
                                     PositionEncoding encoding) {
    if (!document.script || !document.source) return std::nullopt;
    const ClientPositions positions(document.source->text(), encoding);
    const uint32_t offset = positions.offset(position);
    uint32_t lineStart = 0;
    const std::string_view line = positions.lineAt(offset, &lineStart);
    const bool current = document.compiledIsCurrent();
    const Named named = lookup(*document.script, line, offset - lineStart, offset, current);
    if (named.kind == Named::Kind::None) return std::nullopt;
    if (named.kind == Named::Kind::Marker) return markerText(document, named);
    std::string text = describe(*document.script, named);
    if (!current)
        text += "\n\n(from version " + std::to_string(document.compiledVersion) +
                ", the last that compiled)";
    const bool moves = named.kind == Named::Kind::Anchor || named.kind == Named::Kind::Variable ||
                       named.kind == Named::Kind::State;
    if (!moves) return text;
    if (!document.animation) return text + "\n\nnot solved yet";
    const int step = current ? stepAt(*document.script, offset) : 0;
    const Animation& animation = *document.animation;
    const auto [first, last] = framesOfStep(animation.plan, step);
    const std::string marker = step < int(document.script->steps.size())
                                   ? std::string(document.compiledSource->slice(
                                         document.script->steps[size_t(step)].markerRange))
                                   : std::string("start");
    text += frameLine(animation, first, named, "`" + marker + "`");
    if (last != first) text += frameLine(animation, last, named, "end of step");
    return text;
}

}  // namespace mv::lsp
