#include "ui/plotted_quantity.h"

namespace mv {

namespace {

QString text(const std::string& s) {
    return QString::fromStdString(s);
}

double valueAt(const Script& script, const FrameSolution& frame, const PlottedQuantity& q) {
    auto pick = [&](Vec2 v) { return q.component == 0 ? v.x : v.y; };
    switch (q.source) {
        case PlottedQuantity::Source::Anchor: {
            if (q.index >= frame.poses.size()) return 0;
            return pick(frame.poses[q.index].apply(script.things[q.index].anchors[q.sub].local));
        }
        case PlottedQuantity::Source::Variable:
            return q.index < frame.variables.size() ? pick(frame.variables[q.index]) : 0;
        case PlottedQuantity::Source::State:
            if (q.index >= frame.elements.size() || q.sub >= frame.elements[q.index].size())
                return 0;
            return pick(frame.elements[q.index][q.sub]);
    }
    return 0;
}

}  // namespace

QString quantityName(const Script& script, const PlottedQuantity& q) {
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
        case PlottedQuantity::Source::State: {
            const Element& element = script.elements[q.index];
            name = text(element.name) + "." + text(element.states[q.sub].name);
            vector = element.states[q.sub].type == ValueType::Vector;
            break;
        }
    }
    if (vector) name += q.component == 0 ? ".x" : ".y";
    return q.rate ? "d/dt " + name : name;
}

std::vector<PlottedQuantity> quantitiesOf(const Script& script) {
    std::vector<PlottedQuantity> list;
    for (uint32_t t = 0; t < script.things.size(); ++t)
        for (uint32_t a = 0; a < script.things[t].anchors.size(); ++a)
            for (int c = 0; c < 2; ++c)
                list.push_back({PlottedQuantity::Source::Anchor, t, a, c, false});
    for (uint32_t v = 0; v < script.variables.size(); ++v) {
        if (script.variables[v].anonymous) continue;
        const int components = script.variables[v].type == ValueType::Vector ? 2 : 1;
        for (int c = 0; c < components; ++c)
            list.push_back({PlottedQuantity::Source::Variable, v, 0, c, false});
    }
    for (uint32_t e = 0; e < script.elements.size(); ++e) {
        for (uint32_t s = 0; s < script.elements[e].states.size(); ++s) {
            const int components = script.elements[e].states[s].type == ValueType::Vector ? 2 : 1;
            for (int c = 0; c < components; ++c)
                list.push_back({PlottedQuantity::Source::State, e, s, c, false});
        }
    }
    return list;
}

std::vector<double> quantitySeries(const Script& script, const std::vector<FrameSolution>& frames,
                                   const PlottedQuantity& quantity) {
    std::vector<double> values;
    values.reserve(frames.size());
    for (const FrameSolution& frame : frames) values.push_back(valueAt(script, frame, quantity));
    if (!quantity.rate) return values;
    const size_t n = values.size();
    std::vector<double> rates(n, 0.0);
    if (n < 2) return rates;
    for (size_t i = 0; i < n; ++i) {
        const size_t lo = i == 0 ? 0 : i - 1;
        const size_t hi = i + 1 == n ? i : i + 1;
        const double dt = frames[hi].time - frames[lo].time;
        rates[i] = dt > 0 ? (values[hi] - values[lo]) / dt : 0;
    }
    return rates;
}

QString quantitiesCsv(const Script& script, const std::vector<FrameSolution>& frames,
                      const std::vector<PlottedQuantity>& quantities) {
    std::vector<std::vector<double>> columns;
    QString csv = "frame,T";
    for (const PlottedQuantity& q : quantities) {
        csv += ",\"" + quantityName(script, q) + "\"";
        columns.push_back(quantitySeries(script, frames, q));
    }
    csv += '\n';
    for (size_t i = 0; i < frames.size(); ++i) {
        csv += QString::number(frames[i].index) + ',' + QString::number(frames[i].time, 'g', 10);
        for (const auto& column : columns) csv += ',' + QString::number(column[i], 'g', 12);
        csv += '\n';
    }
    return csv;
}

}  // namespace mv
