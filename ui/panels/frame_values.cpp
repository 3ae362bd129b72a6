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

FrameValues::FrameValues(const Script& script, const FrameSolution& frame) {
    for (size_t t = 0; t < script.things.size() && t < frame.poses.size(); ++t) {
        const Pose& pose = frame.poses[t];
        const Thing& thing = script.things[t];
        const QString name = QString::fromStdString(thing.name);
        const double degrees = pose.angle * 180 / std::numbers::pi;
        m_values[name] = QStringLiteral("%1 %2°").arg(vec({pose.x, pose.y}), valueText(degrees, 2));
        for (const Anchor& anchor : thing.anchors)
            m_values[name + '.' + QString::fromStdString(anchor.name)] =
                vec(pose.apply(anchor.local));
    }
    for (size_t v = 0; v < script.variables.size() && v < frame.variables.size(); ++v) {
        const Variable& variable = script.variables[v];
        if (variable.anonymous) continue;
        m_values[QString::fromStdString(variable.name)] = value(frame.variables[v], variable.type);
    }
    for (size_t e = 0; e < script.elements.size() && e < frame.elements.size(); ++e) {
        const Element& element = script.elements[e];
        const QString name = QString::fromStdString(element.name);
        QStringList states;
        for (size_t s = 0; s < element.states.size() && s < frame.elements[e].size(); ++s) {
            const QString state = QString::fromStdString(element.states[s].name);
            const QString text = value(frame.elements[e][s], element.states[s].type);
            m_values[name + '.' + state] = text;
            states << state + " = " + text;
        }
        m_values[name] = states.join(QStringLiteral(", "));
    }
}

QString FrameValues::of(const QString& name) const {
    const auto it = m_values.find(name);
    return it == m_values.end() ? QString() : it->second;
}

std::pair<QString, QString> FrameValues::longestOf(const QStringList& path) const {
    for (qsizetype used = path.size(); used > 0; --used) {
        const QString name = path.mid(0, used).join('.');
        if (QString value = of(name); !value.isEmpty()) return {name, value};
    }
    return {};
}

}  // namespace mv
