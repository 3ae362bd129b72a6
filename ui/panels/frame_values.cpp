#include "ui/panels/frame_values.h"

#include <QObject>

#include "core/model/state_reading.h"
#include "core/text/readable_value.h"

namespace mv {

namespace {

QString vec(Vec2 v, int decimals) {
    return QStringLiteral("[%1, %2]").arg(valueText(v.x, decimals), valueText(v.y, decimals));
}

QString value(Vec2 v, ValueType type, int decimals) {
    return type == ValueType::Vector ? vec(v, decimals) : valueText(v.x, decimals);
}

QString stateText(const Element& element, size_t state, Vec2 v, int decimals) {
    switch (stateReading(element, state)) {
        case StateReading::Angle:
            return QString::fromStdString(angleText(v.x));
        case StateReading::AngleRate:
            return QString::fromStdString(angleRateText(v.x, "°/s"));
        case StateReading::Plain:
            break;
    }
    return value(v, element.states[state].type, decimals);
}

std::vector<LabelledValue> poseRows(const FrameSolution& frame, size_t t, int decimals) {
    const Pose& pose = frame.poses[t];
    std::vector<LabelledValue> rows{
        {QObject::tr("position"), vec({pose.x, pose.y}, decimals)},
        {QObject::tr("angle"), QString::fromStdString(angleText(pose.angle))}};
    if (t < frame.poseVelocities.size()) {
        const Pose& rate = frame.poseVelocities[t];
        rows.push_back({QObject::tr("velocity"), vec({rate.x, rate.y}, decimals) + "/s"});
        rows.push_back(
            {QObject::tr("turning"), QString::fromStdString(angleRateText(rate.angle, "°/s"))});
    }
    return rows;
}

}  // namespace

QString valueText(double v, int decimals) {
    return QString::fromStdString(fixedText(v, decimals));
}

FrameValues::FrameValues(std::shared_ptr<const Script> script, const FrameSolution& frame)
    : m_script(std::move(script)) {
    if (!m_script) return;
    const Script& s = *m_script;
    const int decimals = canvasDecimals(s.config.width, s.config.height);
    for (size_t t = 0; t < s.things.size() && t < frame.poses.size(); ++t) {
        m_things.push_back(poseRows(frame, t, decimals));
        std::vector<QString>& anchors = m_anchors.emplace_back();
        for (const Anchor& anchor : s.things[t].anchors)
            anchors.push_back(vec(frame.poses[t].apply(anchor.local), decimals));
    }
    for (size_t v = 0; v < s.variables.size() && v < frame.variables.size(); ++v) {
        const Variable& variable = s.variables[v];
        m_variables.push_back(
            variable.anonymous ? QString() : value(frame.variables[v], variable.type, decimals));
    }
    for (size_t e = 0; e < s.elements.size() && e < frame.elements.size(); ++e) {
        const Element& element = s.elements[e];
        std::vector<QString>& states = m_states.emplace_back();
        for (size_t i = 0; i < element.states.size() && i < frame.elements[e].size(); ++i)
            states.push_back(stateText(element, i, frame.elements[e][i], decimals));
    }
}

const std::vector<LabelledValue>& FrameValues::thingRows(size_t thing) const {
    static const std::vector<LabelledValue> none;
    return thing < m_things.size() ? m_things[thing] : none;
}

QString FrameValues::thing(size_t thing) const {
    QStringList rows;
    for (const LabelledValue& row : thingRows(thing)) rows << row.label + ' ' + row.value;
    return rows.join(QStringLiteral("; "));
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
