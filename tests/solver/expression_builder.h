#pragma once
// Builds Script models by hand for solver tests, so a test states its mechanism exactly (anchors in
// model units, constraints as expression trees) without depending on the parser's spelling.

#include <memory>
#include <string>

#include "core/model/script.h"

namespace mv::kinematics_test {

inline ExpressionPtr node(ExprOp op, ValueType type, std::vector<ExpressionPtr> args = {}) {
    auto e = std::make_shared<Expression>();
    e->op = op;
    e->type = type;
    e->args = std::move(args);
    return e;
}

inline ExpressionPtr num(double value) {
    auto e = std::make_shared<Expression>();
    e->number = value;
    return e;
}

inline ExpressionPtr vec(ExpressionPtr x, ExpressionPtr y) {
    return node(ExprOp::MakeVector, ValueType::Vector, {std::move(x), std::move(y)});
}
inline ExpressionPtr vec(double x, double y) {
    return vec(num(x), num(y));
}

inline ExpressionPtr time() {
    return node(ExprOp::LocalTime, ValueType::Scalar);
}

inline ExpressionPtr binary(ExprOp op, ExpressionPtr a, ExpressionPtr b) {
    const ValueType type = a->type == ValueType::Vector || b->type == ValueType::Vector
                               ? ValueType::Vector
                               : ValueType::Scalar;
    return node(op, type, {std::move(a), std::move(b)});
}
inline ExpressionPtr operator+(ExpressionPtr a, ExpressionPtr b) {
    return binary(ExprOp::Add, a, b);
}
inline ExpressionPtr operator-(ExpressionPtr a, ExpressionPtr b) {
    return binary(ExprOp::Subtract, a, b);
}
inline ExpressionPtr operator*(ExpressionPtr a, ExpressionPtr b) {
    return binary(ExprOp::Multiply, a, b);
}
inline ExpressionPtr rotate(ExpressionPtr v, ExpressionPtr angle) {
    return node(ExprOp::Rotate, ValueType::Vector, {std::move(v), std::move(angle)});
}
inline ExpressionPtr xOf(ExpressionPtr v) {
    return node(ExprOp::X, ValueType::Scalar, {std::move(v)});
}
inline ExpressionPtr yOf(ExpressionPtr v) {
    return node(ExprOp::Y, ValueType::Scalar, {std::move(v)});
}
inline ExpressionPtr lengthOf(ExpressionPtr v) {
    return node(ExprOp::Length, ValueType::Scalar, {std::move(v)});
}

class ScriptBuilder {
public:
    explicit ScriptBuilder(double fps = 25, double width = 640, double height = 360) {
        m_script.config = {fps, width, height, {}};
        m_script.source = std::make_shared<SourceText>("test", std::string(4000, ' '));
    }

    // A thing with anchors at the given body positions (model units, y up).
    ThingId thing(const std::string& name, std::vector<std::pair<std::string, Vec2>> anchors,
                  Pose initial = {}) {
        Thing t;
        t.name = name;
        t.kind = Thing::Kind::Bar;
        t.nameRange = next(name.size());
        for (auto& [anchorName, local] : anchors)
            t.anchors.push_back({anchorName, next(anchorName.size()), local});
        t.initialPose = initial;
        m_script.things.push_back(std::move(t));
        return ThingId(m_script.things.size() - 1);
    }

    ExpressionPtr anchor(ThingId thing, const std::string& name) {
        auto e = std::make_shared<Expression>();
        e->op = ExprOp::Anchor;
        e->type = ValueType::Vector;
        e->index = thing;
        e->sub = uint32_t(m_script.things[thing].anchorIndex(name));
        return e;
    }

    // A named variable, or `_` with an empty name.
    ExpressionPtr variable(const std::string& name, ValueType type = ValueType::Scalar) {
        Variable v;
        v.name = name.empty() ? "_" : name;
        v.anonymous = name.empty();
        v.type = type;
        int index = name.empty() ? -1 : m_script.variableIndex(name);
        if (index < 0) {
            m_script.variables.push_back(v);
            index = int(m_script.variables.size()) - 1;
        }
        auto e = std::make_shared<Expression>();
        e->op = ExprOp::Variable;
        e->type = type;
        e->index = uint32_t(index);
        return e;
    }
    ExpressionPtr any() { return variable(""); }

    void step(double time) { m_script.steps.push_back({time, next(4), {}, {}}); }

    // A constraint in the current step; `key` empty holds to the end. Returns its id; its source
    // range is its own line, so a test can check which constraint a diagnostic names.
    ConstraintId constrain(ExpressionPtr lhs, Relation relation, ExpressionPtr rhs,
                           const std::string& key = "") {
        Constraint c;
        c.key = key;
        c.relation = relation;
        c.lhs = std::move(lhs);
        c.rhs = std::move(rhs);
        c.step = int(m_script.steps.size()) - 1;
        c.range = next(10);
        m_script.constraints.push_back(std::move(c));
        const auto id = ConstraintId(m_script.constraints.size() - 1);
        m_script.steps.back().constraints.push_back(id);
        return id;
    }
    ConstraintId equal(ExpressionPtr lhs, ExpressionPtr rhs, const std::string& key = "") {
        return constrain(std::move(lhs), Relation::Equal, std::move(rhs), key);
    }

    // Sets every constraint's lifetime from the keys, as the analyzer does.
    std::shared_ptr<const Script> build() {
        const int steps = int(m_script.steps.size());
        for (auto& c : m_script.constraints) {
            c.firstStep = c.step;
            c.endStep = steps;
            if (c.key.empty()) continue;
            for (const auto& later : m_script.constraints)
                if (later.step > c.step && later.key == c.key)
                    c.endStep = std::min(c.endStep, later.step);
        }
        return std::make_shared<const Script>(m_script);
    }

    Script& script() { return m_script; }

private:
    SourceRange next(size_t length) {
        const SourceRange r{m_offset, m_offset + uint32_t(length)};
        m_offset += uint32_t(length) + 1;
        return r;
    }

    Script m_script;
    uint32_t m_offset = 0;
};

}  // namespace mv::kinematics_test
