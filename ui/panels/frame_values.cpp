#include "ui/panels/frame_values.h"

#include <cmath>
#include <numbers>

namespace mv {

namespace {

// Above this magnitude a value shows in scientific notation, with as many significant digits.
constexpr double kFixedLimit = 1e9;

QString vec(Vec2 v) {
    return QStringLiteral("[%1, %2]").arg(valueText(v.x), valueText(v.y));
}

QString value(Vec2 v, ValueType type) {
    return type == ValueType::Vector ? vec(v) : valueText(v.x);
}

}  // namespace

QString valueText(double v, int decimals) {
    if (std::abs(v) >= kFixedLimit) return QString::number(v, 'g', 10);
    // -0.000 reads as noise.
    return QString::number(std::abs(v) < 0.5 * std::pow(10, -decimals) ? 0.0 : v, 'f', decimals);
}

FrameValues::FrameValues(std::shared_ptr<const Script> script, const FrameSolution& frame)
    : m_script(std::move(script)) {
    if (!m_script) return;
    const Script& s = *m_script;
    for (size_t t = 0; t < s.things.size() && t < frame.poses.size(); ++t) {
        const Pose& pose = frame.poses[t];
        const double degrees = pose.angle * 180 / std::numbers::pi;
        m_things.push_back(
            QStringLiteral("%1 %2°").arg(vec({pose.x, pose.y}), valueText(degrees, 2)));
        std::vector<QString>& anchors = m_anchors.emplace_back();
        for (const Anchor& anchor : s.things[t].anchors)
            anchors.push_back(vec(pose.apply(anchor.local)));
    }
    for (size_t v = 0; v < s.variables.size() && v < frame.variables.size(); ++v) {
        const Variable& variable = s.variables[v];
        m_variables.push_back(variable.anonymous ? QString()
                                                 : value(frame.variables[v], variable.type));
    }
    for (size_t e = 0; e < s.elements.size() && e < frame.elements.size(); ++e) {
        const Element& element = s.elements[e];
        std::vector<QString>& states = m_states.emplace_back();
        for (size_t i = 0; i < element.states.size() && i < frame.elements[e].size(); ++i)
            states.push_back(value(frame.elements[e][i], element.states[i].type));
    }
}

QString FrameValues::anchor(size_t thing, size_t anchor) const {
    return thing < m_anchors.size() ? at(m_anchors[thing], anchor) : QString();
}

QString FrameValues::state(size_t element, size_t state) const {
    return element < m_states.size() ? at(m_states[element], state) : QString();
}

QString FrameValues::element(size_t element) const {
    if (!m_script || element >= m_states.size()) return {};
    QStringList states;
    for (size_t i = 0; i < m_states[element].size(); ++i)
        states << QString::fromStdString(m_script->elements[element].states[i].name) + " = " +
                      m_states[element][i];
    return states.join(QStringLiteral(", "));
}

std::pair<QString, QString> FrameValues::longestOf(const QStringList& path) const {
    if (!m_script || path.isEmpty()) return {};
    const Script& s = *m_script;
    const std::string first = path[0].toStdString();
    const std::string second = path.size() > 1 ? path[1].toStdString() : std::string();
    auto named = [&](int parts, QString value) -> std::pair<QString, QString> {
        if (value.isEmpty()) return {};
        return {path.mid(0, parts).join('.'), std::move(value)};
    };
    if (const int t = s.thingIndex(first); t >= 0) {
        const int a = path.size() > 1 ? s.things[size_t(t)].anchorIndex(second) : -1;
        return a >= 0 ? named(2, anchor(size_t(t), size_t(a))) : named(1, thing(size_t(t)));
    }
    if (const int v = s.variableIndex(first); v >= 0) return named(1, variable(size_t(v)));
    if (const int e = s.elementIndex(first); e >= 0) {
        const int i = path.size() > 1 ? s.elements[size_t(e)].stateIndex(second) : -1;
        return i >= 0 ? named(2, state(size_t(e), size_t(i))) : named(1, element(size_t(e)));
    }
    return {};
}

}  // namespace mv
