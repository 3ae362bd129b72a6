#include "solver/output/frame_fields.h"

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

}  // namespace

void writeFrameFields(const Script& script, const FrameSolution& frame, FrameFieldSink& sink) {
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
}

}  // namespace mv
