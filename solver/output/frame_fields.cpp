#include "solver/output/frame_fields.h"

#include <algorithm>
#include <limits>

namespace mv {

namespace {

// Every anchor's exact velocity and acceleration (docs/reference.md#mechanics), NaN (null, an empty
// cell) where undefined; nothing when the solve did not compute them.
void writeMotion(const Thing& thing, const FrameSolution& frame, size_t i, FrameFieldSink& sink) {
    if (i >= frame.poseVelocities.size() || i >= frame.poseAccelerations.size()) return;
    const Pose &pose = frame.poses[i], &velocity = frame.poseVelocities[i];
    sink.beginGroup("velocities");
    for (const Anchor& anchor : thing.anchors)
        sink.point(anchor.name, anchorVelocity(pose, velocity, anchor.local));
    sink.endGroup();
    sink.beginGroup("accelerations");
    for (const Anchor& anchor : thing.anchors)
        sink.point(anchor.name,
                   anchorAcceleration(pose, velocity, frame.poseAccelerations[i], anchor.local));
    sink.endGroup();
}

void writeThings(const Script& script, const FrameSolution& frame, FrameFieldSink& sink) {
    sink.beginGroup("things");
    for (size_t i = 0; i < script.things.size() && i < frame.poses.size(); ++i) {
        const Thing& thing = script.things[i];
        const Pose& pose = frame.poses[i];
        sink.beginGroup(thing.name);
        sink.number("x", pose.x);
        sink.number("y", pose.y);
        sink.number("angle", pose.angle);
        sink.beginGroup("anchors");
        for (const Anchor& anchor : thing.anchors)
            sink.point(anchor.name, pose.apply(anchor.local));
        sink.endGroup();
        writeMotion(thing, frame, i, sink);
        sink.endGroup();
    }
    sink.endGroup();
}

void writeValue(FrameFieldSink& sink, std::string_view name, ValueType type, Vec2 value) {
    if (type == ValueType::Vector)
        sink.point(name, value);
    else
        sink.number(name, value.x);
}

// The named variables' values from `values` (positions, velocities or accelerations) as group
// `group`; nothing when the solve did not compute that list.
void writeVariables(const Script& script, const std::vector<Vec2>& values, std::string_view group,
                    FrameFieldSink& sink) {
    if (values.size() < script.variables.size()) return;
    sink.beginGroup(group);
    for (size_t i = 0; i < script.variables.size(); ++i) {
        const Variable& v = script.variables[i];
        if (!v.anonymous) writeValue(sink, v.name, v.type, values[i]);
    }
    sink.endGroup();
}

void writeElements(const Script& script, const FrameSolution& frame, FrameFieldSink& sink) {
    sink.beginGroup("elements");
    for (size_t e = 0; e < script.elements.size() && e < frame.elements.size(); ++e) {
        const Element& element = script.elements[e];
        sink.beginGroup(element.name);
        for (size_t s = 0; s < element.states.size() && s < frame.elements[e].size(); ++s)
            writeValue(sink, element.states[s].name, element.states[s].type, frame.elements[e][s]);
        sink.endGroup();
    }
    sink.endGroup();
}

constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();

}  // namespace

FrameFields::FrameFields(const Script& script) : m_script(script) {
    if (script.masses.empty()) return;
    m_forces = forceEntries(script);
    for (const Constraint& c : script.constraints)
        m_written.push_back(script.source->location(c.range.begin));
    for (const Mass& mass : script.masses) m_massive.push_back(mass.target);
    std::sort(m_massive.begin(), m_massive.end());
    m_massive.erase(std::unique(m_massive.begin(), m_massive.end()), m_massive.end());
}

// What each constraint carries (docs/mechanics.md, "Forces"), under the names of force_entries.h:
// null where the frame has no forces or the constraint is not active there.
void FrameFields::writeForces(const FrameSolution& frame, FrameFieldSink& sink) const {
    if (frame.forces)
        sink.beginGroup("forces");
    else
        sink.beginUndefinedGroup("forces");
    for (const ForceEntry& entry : m_forces) writeEntry(entry, frame, sink);
    sink.endGroup();
    if (frame.forces)
        sink.beginGroup("energy");
    else
        sink.beginUndefinedGroup("energy");
    sink.number("kinetic", frame.forces ? frame.forces->kinetic : kUndefined);
    sink.number("potential", frame.forces ? frame.forces->potential : kUndefined);
    sink.endGroup();
    writeUnheld(frame, sink);
}

void FrameFields::writeEntry(const ForceEntry& entry, const FrameSolution& frame,
                             FrameFieldSink& sink) const {
    const ConstraintLoad* load = frame.forces ? activeLoad(entry, *frame.forces) : nullptr;
    if (load)
        sink.beginGroup(entry.name);
    else
        sink.beginUndefinedGroup(entry.name);
    const LineColumn at = m_written[load ? load->constraint : entry.constraints[0]];
    sink.integer("line", at.line);
    sink.integer("column", at.column);
    sink.boolean("drive", load && load->drive);
    sink.number("power", load ? load->power : kUndefined);
    sink.beginGroup("on");
    for (size_t i = 0; i < entry.things.size(); ++i) {
        const Thing& thing = m_script.things[entry.things[i]];
        const ThingLoad* on = loadOn(load, entry.things[i]);
        if (on)
            sink.beginGroup(thing.name);
        else
            sink.beginUndefinedGroup(thing.name);
        sink.text("at", thing.anchors[size_t(on ? on->anchor : entry.anchors[i])].name);
        sink.point("force", on ? on->force : Vec2{kUndefined, kUndefined});
        sink.number("torque", on ? on->torque : kUndefined);
        sink.endGroup();
    }
    sink.endGroup();
    sink.endGroup();
}

// The loads nothing holds on each massive thing: null where everything is held.
void FrameFields::writeUnheld(const FrameSolution& frame, FrameFieldSink& sink) const {
    sink.beginGroup("unheld");
    for (const ThingId thing : m_massive) {
        const UnheldLoad* unheld = nullptr;
        if (frame.forces)
            for (const UnheldLoad& load : frame.forces->unheld)
                if (load.thing == thing) unheld = &load;
        if (unheld)
            sink.beginGroup(m_script.things[thing].name);
        else
            sink.beginUndefinedGroup(m_script.things[thing].name);
        sink.point("force", unheld ? unheld->force : Vec2{kUndefined, kUndefined});
        sink.number("torque", unheld ? unheld->torque : kUndefined);
        sink.endGroup();
    }
    sink.endGroup();
}

void FrameFields::write(const FrameSolution& frame, FrameFieldSink& sink) const {
    const Script& script = m_script;
    sink.integer("index", frame.index);
    sink.number("time", frame.time);
    sink.number("t", frame.t);
    sink.number("iv", frame.iv);
    sink.text("status", frame.failed ? "failed" : "ok");
    sink.summary(frame.summary);
    writeThings(script, frame, sink);
    writeVariables(script, frame.variables, "variables", sink);
    writeVariables(script, frame.variableVelocities, "variableVelocities", sink);
    writeVariables(script, frame.variableAccelerations, "variableAccelerations", sink);
    writeElements(script, frame, sink);
    if (!script.masses.empty()) writeForces(frame, sink);
}

}  // namespace mv
