#include "solver/dynamics/pendulum_pull.h"

#include <cmath>
#include <optional>
#include <utility>

#include "core/model/elementary_functions.h"

namespace mv {

namespace {

std::optional<HangingPendulum> hangingFrom(const Element& element, ElementId id) {
    const Expression* pivot = element.pivot.get();
    if (element.kind != Element::Kind::Pendulum || !pivot || pivot->op != ExprOp::Multiply ||
        pivot->args.size() != 2)
        return std::nullopt;
    const Expression* a = pivot->args[0].get();
    const Expression* b = pivot->args[1].get();
    if (b && b->op == ExprOp::Anchor) std::swap(a, b);
    if (!a || !b || a->op != ExprOp::Anchor || b->op != ExprOp::Number) return std::nullopt;
    return HangingPendulum{id, ThingId(a->index), a->sub, b->number};
}

}  // namespace

std::vector<HangingPendulum> hangingPendulums(const Script& script) {
    std::vector<HangingPendulum> hanging;
    for (ElementId e{0}; e < ElementId(uint32_t(script.elements.size())); ++e)
        if (const auto found = hangingFrom(script.elements[e], e)) hanging.push_back(*found);
    return hanging;
}

// The bob at l (sin θ, −cos θ) from the pivot, in the element's units (metres for the default g).
Vec2 pendulumPull(const Script& script, const FrameSolution& frame,
                  const HangingPendulum& hanging) {
    const Element& element = script.elements[hanging.element];
    const int theta = element.stateIndex("theta"), spin = element.stateIndex("theta_d1");
    if (theta < 0 || spin < 0 || frame.elements.size() <= hanging.element ||
        frame.elementVelocities.size() <= hanging.element)
        return {0, 0};
    auto parameter = [&](const char* name) {
        return element.parameters[size_t(element.parameterIndex(name))].value;
    };
    const double angle = frame.elements[hanging.element][size_t(theta)].x;
    const double rate = frame.elements[hanging.element][size_t(spin)].x;
    const double turn = frame.elementVelocities[hanging.element][size_t(spin)].x;
    const Vec2 local = script.things[hanging.thing].anchors[hanging.anchor].local;
    const Vec2 pivot =
        anchorAcceleration(frame.poses[hanging.thing], frame.poseVelocities[hanging.thing],
                           frame.poseAccelerations[hanging.thing], local) *
        hanging.scale;
    const double l = parameter("l");
    const auto [s, c] = elementary::sinCos(angle);
    const Vec2 bob = pivot + Vec2{c, s} * (l * turn) + Vec2{-s, c} * (l * rate * rate);
    return (Vec2{0, -parameter("g")} - bob) * parameter("m");
}

}  // namespace mv
