#include "ui/panels/plotted_quantity.h"

#include <limits>
#include <optional>

namespace mv {

namespace {

constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

// Entry `index` of one of a frame's per-model lists; nothing when the frame has none.
template <class List>
auto entry(const List& list, uint32_t index) -> std::optional<typename List::value_type> {
    if (index >= list.size()) return std::nullopt;
    return list[index];
}

std::optional<Vec2> anchorValue(const Script& script, const FrameSolution& frame,
                                const PlottedQuantity& q) {
    const auto pose = entry(frame.poses, q.index);
    if (!pose) return std::nullopt;
    const Vec2 local = script.things[q.index].anchors[q.sub].local;
    if (q.derivative == 0) return pose->apply(local);
    const auto velocity = entry(frame.poseVelocities, q.index);
    if (!velocity) return std::nullopt;
    if (q.derivative == 1) return anchorVelocity(*pose, *velocity, local);
    const auto acceleration = entry(frame.poseAccelerations, q.index);
    if (!acceleration) return std::nullopt;
    return anchorAcceleration(*pose, *velocity, *acceleration, local);
}

std::optional<Vec2> stateValue(const FrameSolution& frame, const PlottedQuantity& q) {
    const ElementStates& states = q.derivative == 0   ? frame.elements
                                  : q.derivative == 1 ? frame.elementVelocities
                                                      : frame.elementAccelerations;
    const auto element = entry(states, q.index);
    return element ? entry(*element, q.sub) : std::nullopt;
}

// What a constraint carries, or the energy (frame_forces.h); NaN where the frame has no forces or
// the constraint is not active.
double loadValue(const PlottedScript& plotted, const FrameSolution& frame,
                 const PlottedQuantity& q) {
    if (!frame.forces) return kUndefined;
    if (q.source == PlottedQuantity::Source::Energy)
        return q.component == 0 ? frame.forces->kinetic : frame.forces->potential;
    const ForceEntry& entry = plotted.forces[q.index];
    const ConstraintLoad* load = activeLoad(entry, *frame.forces);
    if (q.source == PlottedQuantity::Source::Power) return load ? load->power : kUndefined;
    const ThingLoad* on = loadOn(load, entry.things[q.sub]);
    if (!on) return kUndefined;
    return q.component == 0 ? on->force.x : q.component == 1 ? on->force.y : on->torque;
}

double valueAt(const PlottedScript& plotted, const FrameSolution& frame, const PlottedQuantity& q) {
    if (!hasRates(q)) return q.derivative == 0 ? loadValue(plotted, frame, q) : kUndefined;
    std::optional<Vec2> v;
    switch (q.source) {
        case PlottedQuantity::Source::Anchor:
            v = anchorValue(*plotted.script, frame, q);
            break;
        case PlottedQuantity::Source::Variable:
            v = entry(q.derivative == 0   ? frame.variables
                      : q.derivative == 1 ? frame.variableVelocities
                                          : frame.variableAccelerations,
                      q.index);
            break;
        default:  // an element's state: the loads have no rates and were read above
            v = stateValue(frame, q);
            break;
    }
    if (!v) return kUndefined;
    return q.component == 0 ? v->x : v->y;
}

// "motor.Crank.torque", "Rod.A.Crank.force.x", "motor.power", "energy.kinetic"
QString loadName(const PlottedScript& plotted, const PlottedQuantity& q) {
    if (q.source == PlottedQuantity::Source::Energy)
        return q.component == 0 ? "energy.kinetic" : "energy.potential";
    const ForceEntry& entry = plotted.forces[q.index];
    const QString name = text(entry.name);
    if (q.source == PlottedQuantity::Source::Power) return name + ".power";
    const QString thing = text(plotted.script->things[entry.things[q.sub]].name);
    static const char* const kComponents[] = {".force.x", ".force.y", ".torque"};
    return name + "." + thing + kComponents[q.component];
}

// What the constraints carry, entry by entry (a drive's power first), then the energy.
void addLoads(const PlottedScript& plotted, std::vector<PlottedQuantity>& list) {
    using Source = PlottedQuantity::Source;
    for (uint32_t e = 0; e < plotted.forces.size(); ++e) {
        if (plotted.forces[e].drive) list.push_back({Source::Power, e, 0, 0, 0});
        for (uint32_t t = 0; t < plotted.forces[e].things.size(); ++t)
            for (int c = 0; c < 3; ++c) list.push_back({Source::Load, e, t, c, 0});
    }
    for (int kind = 0; kind < 2; ++kind) list.push_back({Source::Energy, 0, 0, kind, 0});
}

}  // namespace

PlottedScript::PlottedScript(std::shared_ptr<const Script> model) : script(std::move(model)) {
    if (script && !script->masses.empty()) forces = forceEntries(*script);
}

QString quantityName(const PlottedScript& plotted, const PlottedQuantity& q) {
    if (!hasRates(q)) return loadName(plotted, q);
    const Script& script = *plotted.script;
    QString name;
    bool vector = true;
    switch (q.source) {
        case PlottedQuantity::Source::Anchor: {
            const Thing& thing = script.things[q.index];
            name = text(thing.name) + "." + text(thing.anchors[q.sub].name);
            break;
        }
        case PlottedQuantity::Source::Variable:
            name = text(script.variables[q.index].name);
            vector = script.variables[q.index].type == ValueType::Vector;
            break;
        default: {  // an element's state
            const Element& element = script.elements[q.index];
            name = text(element.name) + "." + text(element.states[q.sub].name);
            vector = element.states[q.sub].type == ValueType::Vector;
            break;
        }
    }
    if (vector) name += q.component == 0 ? ".x" : ".y";
    return derivativePrefix(q.derivative) + name;
}

QString derivativePrefix(int derivative) {
    if (derivative == 1) return "d/dt ";
    if (derivative == 2) return QString::fromUtf8("d\u00b2/dt\u00b2 ");
    return {};
}

bool hasRates(const PlottedQuantity& q) {
    using Source = PlottedQuantity::Source;
    return q.source == Source::Anchor || q.source == Source::Variable || q.source == Source::State;
}

std::vector<PlottedQuantity> quantitiesOf(const PlottedScript& plotted) {
    const Script& script = *plotted.script;
    std::vector<PlottedQuantity> list;
    for (uint32_t t = 0; t < script.things.size(); ++t)
        for (uint32_t a = 0; a < script.things[t].anchors.size(); ++a)
            for (int c = 0; c < 2; ++c)
                list.push_back({PlottedQuantity::Source::Anchor, t, a, c, 0});
    for (uint32_t v = 0; v < script.variables.size(); ++v) {
        if (script.variables[v].anonymous) continue;
        const int components = script.variables[v].type == ValueType::Vector ? 2 : 1;
        for (int c = 0; c < components; ++c)
            list.push_back({PlottedQuantity::Source::Variable, v, 0, c, 0});
    }
    for (uint32_t e = 0; e < script.elements.size(); ++e) {
        for (uint32_t s = 0; s < script.elements[e].states.size(); ++s) {
            const int components = script.elements[e].states[s].type == ValueType::Vector ? 2 : 1;
            for (int c = 0; c < components; ++c)
                list.push_back({PlottedQuantity::Source::State, e, s, c, 0});
        }
    }
    if (!script.masses.empty()) addLoads(plotted, list);
    return list;
}

std::vector<double> quantitySeries(const PlottedScript& script, const AnimationFrames& frames,
                                   const PlottedQuantity& quantity) {
    std::vector<double> values;
    values.reserve(frames.size());
    for (const FrameSolution& frame : frames) values.push_back(valueAt(script, frame, quantity));
    return values;
}

QString quantitiesCsv(const PlottedScript& script, const AnimationFrames& frames,
                      const std::vector<PlottedQuantity>& quantities) {
    std::vector<std::vector<double>> columns;
    QString csv = "frame,T";
    for (const PlottedQuantity& q : quantities) {
        csv += ",\"" + quantityName(script, q) + "\"";
        columns.push_back(quantitySeries(script, frames, q));
    }
    csv += '\n';
    size_t i = 0;
    for (const FrameSolution& frame : frames) {
        csv += QString::number(frame.index) + ',' + QString::number(frame.time, 'g', 10);
        for (const auto& column : columns) csv += ',' + QString::number(column[i], 'g', 12);
        csv += '\n';
        ++i;
    }
    return csv;
}

}  // namespace mv
