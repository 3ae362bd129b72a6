#include "solver/output/solve_text.h"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "solver/animation.h"

namespace mv {

namespace {

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", std::abs(value) < 5e-13 ? 0.0 : value);
    return text;
}

std::string point(Vec2 v) {
    return "[" + number(v.x) + ", " + number(v.y) + "]";
}

// A velocity or acceleration (of a vector, or in x of a scalar): "undefined" at a dead centre,
// where it has no value.
std::string motion(Vec2 v, bool vector = true) {
    if (!vector) return std::isfinite(v.x) ? number(v.x) : "undefined";
    return std::isfinite(v.x) && std::isfinite(v.y) ? point(v) : "undefined";
}

void writeTextMotion(std::ostream& out, const Script& script, const FrameSolution& frame,
                     size_t i) {
    if (i >= frame.poseVelocities.size() || i >= frame.poseAccelerations.size()) return;
    const Pose &pose = frame.poses[i], &velocity = frame.poseVelocities[i];
    for (const Anchor& anchor : script.things[i].anchors) {
        out << "    " << anchor.name
            << "  v=" << motion(anchorVelocity(pose, velocity, anchor.local)) << "  a="
            << motion(anchorAcceleration(pose, velocity, frame.poseAccelerations[i], anchor.local))
            << '\n';
    }
}

}  // namespace

void writeSolveText(std::ostream& out, const Script& script, const FrameSolution& frame,
                    bool velocities) {
    out << "frame " << frame.index << "  T=" << number(frame.time) << " s  t=" << number(frame.t)
        << "  iv=" << number(frame.iv) << "  " << (frame.failed ? "FAILED" : "ok") << '\n';
    for (const FrameSummary::Off& off : frame.summary.off)
        out << "  " << describeOff(script, off) << '\n';
    for (size_t i = 0; i < script.things.size() && i < frame.poses.size(); ++i) {
        const Pose& pose = frame.poses[i];
        out << "  " << script.things[i].name << "  at " << point({pose.x, pose.y}) << "  angle "
            << number(pose.angle * 180 / std::numbers::pi) << "°";
        for (const Anchor& anchor : script.things[i].anchors)
            out << "  " << anchor.name << "=" << point(pose.apply(anchor.local));
        out << '\n';
        if (velocities) writeTextMotion(out, script, frame, i);
    }
    const bool motions = velocities && frame.variableVelocities.size() >= frame.variables.size() &&
                         frame.variableAccelerations.size() >= frame.variables.size();
    for (size_t i = 0; i < script.variables.size() && i < frame.variables.size(); ++i) {
        const Variable& v = script.variables[i];
        if (v.anonymous) continue;
        const bool vector = v.type == ValueType::Vector;
        out << "  " << v.name << " = "
            << (vector ? point(frame.variables[i]) : number(frame.variables[i].x));
        if (motions) {
            out << "  v=" << motion(frame.variableVelocities[i], vector)
                << "  a=" << motion(frame.variableAccelerations[i], vector);
        }
        out << '\n';
    }
    for (size_t e = 0; e < script.elements.size() && e < frame.elements.size(); ++e) {
        const Element& element = script.elements[e];
        for (size_t s = 0; s < element.states.size() && s < frame.elements[e].size(); ++s) {
            const Vec2 v = frame.elements[e][s];
            out << "  " << element.name << "." << element.states[s].name << " = "
                << (element.states[s].type == ValueType::Vector ? point(v) : number(v.x)) << '\n';
        }
    }
}

}  // namespace mv
