#include "lsp/hover.h"

#include <algorithm>

#include "core/model/state_reading.h"
#include "core/text/readable_value.h"
#include "lsp/function_help.h"
#include "lsp/keyword_hover.h"
#include "lsp/name_lookup.h"
#include "lsp/value_text.h"
#include "solver/api/force_entries.h"

namespace mv::lsp {

namespace {

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
            std::string text = vectorText(pose.apply(local));
            if (has(frame.poseVelocities, named.index) &&
                has(frame.poseAccelerations, named.index)) {
                const Pose& v = frame.poseVelocities[named.index];
                text += ", v " + vectorText(anchorVelocity(pose, v, local)) + ", a " +
                        vectorText(anchorAcceleration(pose, v, frame.poseAccelerations[named.index],
                                                      local));
            }
            return text;
        }
        case Named::Kind::Variable: {
            if (!has(frame.variables, named.index)) return {};
            const bool vector = script.variables[named.index].type == ValueType::Vector;
            const auto show = [&](Vec2 v) { return vector ? vectorText(v) : numberText(v.x); };
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
            const Element& element = script.elements[named.index];
            const StateReading reading = stateReading(element, named.sub);
            const bool vector = element.states[named.sub].type == ValueType::Vector;
            // An angle reads in degrees, as in the editor (core/text/readable_value.h).
            const auto show = [&](Vec2 v, bool rate) {
                if (reading == StateReading::Angle)
                    return rate ? angleRateText(v.x, "°/s") : angleText(v.x);
                if (reading == StateReading::AngleRate)
                    return angleRateText(v.x, rate ? "°/s²" : "°/s");
                return vector ? vectorText(v) : numberText(v.x);
            };
            std::string text = show(frame.elements[named.index][named.sub], false);
            if (has(frame.elementVelocities, named.index) &&
                has(frame.elementVelocities[named.index], named.sub))
                text += ", v " + show(frame.elementVelocities[named.index][named.sub], true);
            return text;
        }
        default:
            return {};
    }
}

// "\n\nLABEL, frame 25, T = 1 s: VALUES", VALUES being `values(frame)`; nothing when the frame is
// not solved or `values` has nothing to say.
template <class Values>
std::string frameLine(const Animation& animation, int index, const std::string& label,
                      const Values& values) {
    if (index < 0 || index >= static_cast<int>(animation.frames.size())) return {};
    const FrameSolution& frame = animation.frames[static_cast<size_t>(index)];
    const std::string text = frame.failed ? "not solved (the frame failed)" : values(frame);
    if (text.empty()) return {};
    return "\n\n" + label + ", frame " + std::to_string(index) + ", T = " + numberText(frame.time) +
           " s: " + text;
}

// What constraint `id` puts on each thing it reads at one frame, and a drive's power:
// "on Crank at A: force [0, 0] N, torque 0.073575 N·m; power 2.31142 W".
std::string loadAt(const Script& script, const FrameSolution& frame, ConstraintId id) {
    if (!frame.forces) return "no forces (a dead centre)";
    const ConstraintLoad* load = loadOf(*frame.forces, id);
    if (!load) return "nothing (not active)";
    std::string text;
    for (const ThingLoad& on : load->on) {
        const Thing& thing = script.things[on.thing];
        text += std::string(text.empty() ? "" : "; ") + "on " + thing.name + " at " +
                thing.anchors[size_t(on.anchor)].name + ": force " + vectorText(on.force) +
                " N, torque " + numberText(on.torque) + " N\u00b7m";
    }
    if (load->drive)
        text += std::string(text.empty() ? "" : "; ") + "power " + numberText(load->power) + " W";
    return text.empty() ? "nothing (it reads no thing)" : text;
}

// Each form the function takes, `lerp(a: T, b: T, s: scalar) → T`, and what it computes.
std::string signatures(const std::string& name) {
    std::string text;
    for (const FunctionForm& form : functionForms(name))
        text += "\n\n`" + form.label + "` \u2014 " + form.documentation;
    return text;
}

// `complete`: `script` compiled without errors, so every id in it is resolved.
std::string describe(const Script& script, const Named& named, bool complete) {
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
                   numberText(p.value);
        }
        case Named::Kind::Interaction:
            return bold + " \u2014 interaction, line " +
                   std::to_string(lineOf(script, script.interactions[named.index].nameRange));
        case Named::Kind::Mass: {
            const Mass& m = script.masses[named.index];
            // With errors its target may be unresolved (and the id a default): no values then.
            if (!complete)
                return bold + " \u2014 mass, line " + std::to_string(lineOf(script, m.nameRange));
            return bold + " \u2014 mass of " + numberText(m.mass) + " kg on " +
                   script.things[m.target].name + ", J = " + numberText(m.inertia) +
                   " kg\u00b7m\u00b2 about " + vectorText(m.centre) + ", line " +
                   std::to_string(lineOf(script, m.nameRange));
        }
        case Named::Kind::Gravity:
            return bold + " \u2014 the machine's gravity, g = " + vectorText(script.gravity.g) +
                   " m/s\u00b2, " + numberText(script.gravity.scale) +
                   " canvas units a metre, line " +
                   std::to_string(lineOf(script, script.gravity.range));
        case Named::Kind::Variable:
            return bold + " \u2014 variable, first used on line " +
                   std::to_string(lineOf(script, script.variables[named.index].range));
        case Named::Kind::Function:
            return bold + " \u2014 built-in function (docs/reference.md#expressions-and-types)" +
                   signatures(named.name);
        case Named::Kind::Reserved:
            return bold +
                   " \u2014 reserved name (t: time in the step, T: time, iv: the step's length, "
                   "pi, deg)";
        default:
            return {};
    }
}

// A marker of the newest text; its frames only when that version is the one solved.
std::string markerText(const Document& document, const Named& named) {
    const Step& step = document.model->steps[named.index];
    std::string text = "**marker** `" + std::string(document.source->slice(step.markerRange)) +
                       "` \u2014 T = " + numberText(step.time) + " s";
    if (!document.compiledIsCurrent()) return text + "\n\nno frames: the script has errors";
    if (!document.animation) return text + "\n\nnot solved yet";
    const auto [first, last] = framesOfStep(document.animation->plan, int(named.index));
    int failed = 0;
    for (int f = first; f <= last && f < int(document.animation->frames.size()); ++f)
        failed += document.animation->frames[size_t(f)].failed;
    return text + ", frames " + std::to_string(first) + "\u2013" + std::to_string(last) + ", " +
           std::to_string(failed) + " failed";
}

// "`@+01.0`": how the step's marker is written; "start" before the first marker.
std::string markerLabel(const Document& document, int step) {
    if (step >= int(document.script->steps.size())) return "start";
    return "`" +
           std::string(
               document.compiledSource->slice(document.script->steps[size_t(step)].markerRange)) +
           "`";
}

// The value, velocity and acceleration of an anchor, a variable or a state at the first and the
// last frame of `step`; nothing for a name that does not move. `named` is the name in the newest
// text; `solved` the same name looked up in the version solved last (its indices can differ),
// which answers for the values.
std::string valuesText(const Document& document, const Named& named, const Named& solved,
                       int step) {
    const bool moves = named.kind == Named::Kind::Anchor || named.kind == Named::Kind::Variable ||
                       named.kind == Named::Kind::State;
    if (!moves) return {};
    if (!document.animation)
        return document.script ? "\n\nnot solved yet" : "\n\nno values: no version has compiled";
    if (solved.kind != named.kind) return "\n\nnot in the version solved last";
    const Animation& animation = *document.animation;
    const auto values = [&](const FrameSolution& frame) {
        return valuesAt(*animation.script, frame, solved);
    };
    step = std::max(0, std::min(step, static_cast<int>(animation.script->steps.size()) - 1));
    const auto [first, last] = framesOfStep(animation.plan, step);
    std::string text = document.compiledIsCurrent() ? std::string()
                                                    : "\n\n(values from version " +
                                                          std::to_string(document.compiledVersion) +
                                                          ", the last that compiled)";
    text += frameLine(animation, first, markerLabel(document, step), values);
    if (last != first) text += frameLine(animation, last, "end of step", values);
    return text;
}

// The equality written around byte `offset` of the compiled text, when the script has masses:
// the constraint whose loads a hover there shows.
std::optional<ConstraintId> loadedEquality(const Script& script, uint32_t offset) {
    if (script.masses.empty()) return std::nullopt;
    for (ConstraintId id{0}; id < ConstraintId(uint32_t(script.constraints.size())); ++id) {
        const Constraint& c = script.constraints[id];
        const bool around = c.range.begin <= offset && offset <= c.range.end;
        if (around && c.relation == Relation::Equal && !c.frees) return id;
    }
    return std::nullopt;
}

// The name `solve` prints the constraint's loads under (force_entries.h).
std::string loadName(const Script& script, ConstraintId id) {
    for (const ForceEntry& entry : forceEntries(script)) {
        const auto& ids = entry.constraints;
        if (std::find(ids.begin(), ids.end(), id) != ids.end()) return entry.name;
    }
    return {};
}

// What the constraint carries at the first and the last frame of its step.
std::string loadsText(const Document& document, ConstraintId id) {
    const Script& script = *document.script;
    const std::string carries = "**" + loadName(script, id) + "** carries";
    if (!document.animation) return "\n\n" + carries + ": not solved yet";
    const Animation& animation = *document.animation;
    const auto loads = [&](const FrameSolution& frame) { return loadAt(script, frame, id); };
    const int step = script.constraints[id].step;
    const auto [first, last] = framesOfStep(animation.plan, step);
    std::string text =
        frameLine(animation, first, carries + " at " + markerLabel(document, step), loads);
    if (last != first)
        text += frameLine(animation, last, carries + " at the end of the step", loads);
    return text;
}

}  // namespace

std::optional<std::string> hoverText(const Document& document, Position position,
                                     PositionEncoding encoding) {
    if (!document.model || !document.source) return std::nullopt;
    const ClientPositions positions(document.source->text(), encoding);
    const uint32_t offset = positions.offset(position);
    uint32_t lineStart = 0;
    const std::string_view line = positions.lineAt(offset, &lineStart);
    const bool current = document.compiledIsCurrent();
    const Script& model = *document.model;
    const Named named = lookup(model, line, offset - lineStart, offset, true);
    if (named.kind == Named::Kind::Marker) return markerText(document, named);
    if (named.kind == Named::Kind::None || named.kind == Named::Kind::Reserved)
        if (auto word = keywordHover(*document.source, model, offset)) return word;
    // The loads are the solved version's, whose offsets are the text's only while it is current.
    const std::optional<ConstraintId> statement =
        current ? loadedEquality(model, offset) : std::nullopt;
    if (named.kind == Named::Kind::None && !statement) return std::nullopt;
    std::string text;
    if (named.kind != Named::Kind::None) {
        text = describe(model, named, current);
        const Named solved = document.animation ? lookup(*document.animation->script, line,
                                                         offset - lineStart, offset, false)
                                                : Named{};
        text += valuesText(document, named, solved, stepAt(model, offset));
    }
    if (statement) text += loadsText(document, *statement);
    // A hover on the statement itself (its label, `=`, a number) opens with the loads.
    if (text.rfind("\n\n", 0) == 0) text.erase(0, 2);
    return text;
}

}  // namespace mv::lsp
