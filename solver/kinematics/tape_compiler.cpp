#include "solver/kinematics/tape_compiler.h"

#include "core/model/expression_identity.h"
#include "solver/kinematics/input_layout.h"

namespace mv {

TapeCompiler::Slots TapeCompiler::compile(const Expression& e) {
    return compose<int>(e, *this);
}

TapeCompiler::Slots TapeCompiler::difference(Slots l, Slots r) {
    if (l.y < 0 || r.y < 0) return {apply(ScalarOp::Sub, l.x, r.x), -1};
    return {apply(ScalarOp::Sub, l.x, r.x), apply(ScalarOp::Sub, l.y, r.y)};
}

int TapeCompiler::turning(int angle, const Expression& e) {
    const int reference = m_tape.reference();
    const int value = m_tape.binary(ExpressionTape::Code::Turn, angle, reference);
    m_angles.push_back({expressionHash(e), reference, value});
    return value;
}

TapeCompiler::Slots TapeCompiler::leaf(const Expression& e) {
    auto scalar = [](int x) { return Slots{x, -1}; };
    switch (e.op) {
        case ExprOp::Variable:
            return variable(VariableId{e.index}, e.type);
        case ExprOp::Anchor:
            return anchor(ThingId{e.index}, e.sub);
        case ExprOp::ElementState: {
            const uint32_t in = stateInput(m_script, ElementId{e.index}, e.sub);
            if (e.type == ValueType::Vector) return {m_tape.input(in), m_tape.input(in + 1)};
            return scalar(m_tape.input(in));
        }
        case ExprOp::ElementParam:
            return scalar(m_tape.constant(m_script.elements[e.index].parameters[e.sub].value));
        case ExprOp::LocalTime:
            return scalar(m_tape.input(0));
        case ExprOp::AbsoluteTime:
            return scalar(m_tape.input(1));
        case ExprOp::StepLength:
            return scalar(m_tape.input(2));
        default:
            return scalar(m_tape.constant(0));
    }
}

TapeCompiler::Slots TapeCompiler::variable(VariableId id, ValueType type) {
    const int local = m_variables.at(id);
    if (type == ValueType::Vector) return {m_tape.unknown(local), m_tape.unknown(local + 1)};
    return {m_tape.unknown(local), -1};
}

// World position = pose.apply(anchor.local), as core/model/geometry.h defines it.
TapeCompiler::Slots TapeCompiler::anchor(ThingId thing, uint32_t index) {
    const auto key = std::make_pair(thing, index);
    if (const auto it = m_anchors.find(key); it != m_anchors.end()) return it->second;
    const int local = m_poses.at(thing);
    auto [pose, found] = m_cosSin.try_emplace(thing);
    if (found) {
        const auto [c, s] = m_tape.cosSin(m_tape.unknown(local + 2));
        pose->second = {c, s};
    }
    const Vec2 p = m_script.things[thing].anchors[index].local;
    const Slots body{m_tape.constant(p.x), m_tape.constant(p.y)};
    const Slots turned = rotateBy(*this, body, pose->second.x, pose->second.y);
    const Slots origin{m_tape.unknown(local), m_tape.unknown(local + 1)};
    return m_anchors[key] = {apply(ScalarOp::Add, origin.x, turned.x),
                             apply(ScalarOp::Add, origin.y, turned.y)};
}

}  // namespace mv
