#pragma once
// Hand-built scripts and frame plans for the mechanics tests: the smallest Script values that
// exercise one behaviour each, independent of the parser and the analyzer.

#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/model/frame_plan.h"
#include "core/model/script.h"

namespace mv::test {

inline ExpressionPtr number(double value) {
    auto e = std::make_shared<Expression>();
    e->number = value;
    return e;
}

inline ExpressionPtr node(ExprOp op, ValueType type, std::initializer_list<ExpressionPtr> args) {
    auto e = std::make_shared<Expression>();
    e->op = op;
    e->type = type;
    e->args = args;
    return e;
}

inline ExpressionPtr stateOf(const Script& script, ElementId element, const char* name) {
    const Element& el = script.elements[element];
    auto e = std::make_shared<Expression>();
    e->op = ExprOp::ElementState;
    e->index = element;
    e->sub = static_cast<uint32_t>(el.stateIndex(name));
    e->type = el.states[e->sub].type;
    return e;
}

inline ExpressionPtr xOf(ExpressionPtr v) {
    return node(ExprOp::X, ValueType::Scalar, {v});
}
inline ExpressionPtr yOf(ExpressionPtr v) {
    return node(ExprOp::Y, ValueType::Scalar, {v});
}
inline ExpressionPtr plus(ExpressionPtr a, ExpressionPtr b) {
    return node(ExprOp::Add, a->type, {a, b});
}
inline ExpressionPtr minus(ExpressionPtr a, ExpressionPtr b) {
    return node(ExprOp::Subtract, a->type, {a, b});
}
inline ExpressionPtr less(ExpressionPtr a, ExpressionPtr b) {
    return node(ExprOp::Less, ValueType::Boolean, {a, b});
}
inline ExpressionPtr vector(ExpressionPtr a, ExpressionPtr b) {
    return node(ExprOp::MakeVector, ValueType::Vector, {a, b});
}

// A second-order state and its `_d1` state.
inline void addStatePair(Element& element, const std::string& name, ValueType type, Vec2 value,
                         Vec2 rate) {
    const auto index = static_cast<int>(element.states.size());
    element.states.push_back({name, type, 2, index + 1, value, {}});
    element.states.push_back({name + "_d1", type, 1, -1, rate, {}});
}

inline ElementId addPoint(Script& script, const char* name, Vec2 x, Vec2 v) {
    Element point;
    point.name = name;
    point.kind = Element::Kind::Point;
    addStatePair(point, "x", ValueType::Vector, x, v);
    point.parameters.push_back({"m", 1, {}});
    script.elements.push_back(point);
    return static_cast<ElementId>(script.elements.size() - 1);
}

inline ElementId addPendulum(Script& script, const char* name, double theta, double rate, double g,
                             double l) {
    Element bob;
    bob.name = name;
    bob.kind = Element::Kind::Pendulum;
    addStatePair(bob, "theta", ValueType::Scalar, {theta, 0}, {rate, 0});
    bob.parameters = {{"m", 1, {}}, {"g", g, {}}, {"l", l, {}}};
    script.elements.push_back(bob);
    return static_cast<ElementId>(script.elements.size() - 1);
}

inline void addSwing(Script& script, ElementId target) {
    Interaction swing;
    swing.name = "Swing";
    swing.kind = Interaction::Kind::Swing;
    swing.target = target;
    script.interactions.push_back(swing);
}

inline void addGravity(Script& script, ElementId target, Vec2 g) {
    Interaction fall;
    fall.name = "Fall";
    fall.kind = Interaction::Kind::Gravity;
    fall.target = target;
    fall.gravity = g;
    script.interactions.push_back(fall);
}

// A reflection pairing the target's first state (position) with its second (velocity).
inline Interaction& addReflection(Script& script, ElementId target, ExpressionPtr guard,
                                  int direction, double restitution,
                                  ExpressionPtr region = nullptr) {
    Interaction wall;
    wall.name = "Wall" + std::to_string(script.interactions.size());
    wall.range = {static_cast<uint32_t>(10 * script.interactions.size()),
                  static_cast<uint32_t>(10 * script.interactions.size() + 5)};
    wall.kind = Interaction::Kind::Reflection;
    wall.target = target;
    wall.guard = std::move(guard);
    wall.region = std::move(region);
    wall.direction = direction;
    wall.restitution = restitution;
    wall.positions = {0};
    wall.velocities = {1};
    script.interactions.push_back(wall);
    return script.interactions.back();
}

inline void setMarkers(Script& script, std::initializer_list<double> times) {
    script.steps.clear();
    for (const double time : times) script.steps.push_back({time, {}, {}, {}});
}

inline int stepAt(const Script& script, double time) {
    int step = 0;
    for (int s = 0; s < static_cast<int>(script.steps.size()); ++s) {
        if (script.steps[s].time <= time + kTimeTolerance) step = s;
    }
    return step;
}

// Frames at the given times (increasing), each in the step docs/reference.md#frames-and-time gives
// it.
inline FramePlan planAt(const Script& script, const std::vector<double>& times) {
    FramePlan plan;
    for (const double time : times) {
        Frame frame;
        frame.index = static_cast<int>(plan.frames.size());
        frame.time = time;
        frame.step = stepAt(script, time);
        frame.t = time - script.steps[frame.step].time;
        plan.frames.push_back(frame);
    }
    return plan;
}

// Frames at fps from the first marker to the last, as planFrames makes them.
inline FramePlan planUniform(const Script& script, double fps) {
    const double t0 = script.steps.front().time, t1 = script.steps.back().time;
    const int n = static_cast<int>(std::ceil((t1 - t0) * fps - 1e-9));
    std::vector<double> times;
    for (int k = 0; k <= n; ++k) times.push_back(t0 + k / fps);
    return planAt(script, times);
}

}  // namespace mv::test
