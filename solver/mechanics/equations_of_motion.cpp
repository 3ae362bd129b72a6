#include "solver/mechanics/equations_of_motion.h"

#include <algorithm>
#include <cmath>

#include "core/model/elementary_functions.h"

namespace mv {

namespace {

// Index of a target's state by name and type, or -1.
int stateOf(const Element& element, std::string_view name, ValueType type) {
    const int index = element.stateIndex(name);
    if (index < 0 || element.states[index].type != type) return -1;
    return index;
}

}  // namespace

EquationsOfMotion::EquationsOfMotion(const Script& script, const StateLayout& layout,
                                     Diagnostics& diagnostics, DrivingParts* driving)
    : m_layout(layout), m_driving(driving) {
    for (ElementId e{0}; e < script.elements.size(); ++e) {
        const Element& element = script.elements[e];
        for (uint32_t s = 0; s < element.states.size(); ++s) {
            const int d1 = element.states[s].derivative;
            if (d1 < 0 || d1 >= static_cast<int>(element.states.size())) continue;
            m_follows.push_back({layout.offset(e, s), layout.offset(e, static_cast<uint32_t>(d1)),
                                 std::min(layout.components(e, s),
                                          layout.components(e, static_cast<uint32_t>(d1)))});
        }
    }
    for (const Interaction& interaction : script.interactions) {
        if (interaction.kind == Interaction::Kind::Swing)
            addSwing(script, interaction, diagnostics);
        if (interaction.kind == Interaction::Kind::Gravity)
            addGravity(script, interaction, diagnostics);
    }
}

void EquationsOfMotion::addSwing(const Script& script, const Interaction& swing,
                                 Diagnostics& diagnostics) {
    const Element* target =
        swing.target < script.elements.size() ? &script.elements[swing.target] : nullptr;
    const int theta = target ? stateOf(*target, "theta", ValueType::Scalar) : -1;
    const int rate = target ? stateOf(*target, "theta_d1", ValueType::Scalar) : -1;
    const int g = target ? target->parameterIndex("g") : -1;
    const int l = target ? target->parameterIndex("l") : -1;
    if (theta < 0 || rate < 0 || g < 0 || l < 0) {
        diagnostics.report(swing.range, diag<DiagnosticId::SwingTarget>(swing.name));
        return;
    }
    const double gOverL = target->parameters[g].value / target->parameters[l].value;
    if (!std::isfinite(gOverL)) {
        diagnostics.report(swing.range, diag<DiagnosticId::SwingNotFinite>(swing.name));
        return;
    }
    const bool moving = m_driving && m_driving->drives(swing.target);
    m_swings.push_back({m_layout.offset(swing.target, static_cast<uint32_t>(theta)),
                        m_layout.offset(swing.target, static_cast<uint32_t>(rate)), gOverL,
                        target->parameters[l].value, moving ? target->pivot.get() : nullptr});
}

void EquationsOfMotion::addGravity(const Script& script, const Interaction& gravity,
                                   Diagnostics& diagnostics) {
    const Element* target =
        gravity.target < script.elements.size() ? &script.elements[gravity.target] : nullptr;
    const int rate = target ? stateOf(*target, "x_d1", ValueType::Vector) : -1;
    if (rate < 0) {
        diagnostics.report(gravity.range, diag<DiagnosticId::GravityTarget>(gravity.name));
        return;
    }
    m_gravities.push_back(
        {m_layout.offset(gravity.target, static_cast<uint32_t>(rate)), gravity.gravity});
}

void EquationsOfMotion::rates(const StateVector& x, StateVector& dxdt, TimeContext time,
                              const std::vector<Wall>& walls,
                              const std::vector<Contact>& contacts) const {
    std::fill(dxdt.begin(), dxdt.end(), 0.0);
    for (const Follow& f : m_follows) {
        for (int k = 0; k < f.components; ++k) dxdt[f.to + k] = x[f.from + k];
    }
    for (const Swing& s : m_swings) {
        const auto [sine, cosine] = elementary::sinCos(x[s.angle]);
        dxdt[s.rate] -= s.gOverL * sine;
        if (!s.pivot) continue;
        const Value<Taylor> pivot = m_driving->evaluate(*s.pivot, time);
        dxdt[s.rate] -= (pivot.x.acceleration() * cosine + pivot.y.acceleration() * sine) / s.l;
    }
    for (const Gravity& g : m_gravities) {
        dxdt[g.rate] += g.g.x;
        dxdt[g.rate + 1] += g.g.y;
    }
    for (const Contact& c : contacts) walls[c.wall].hold(x, dxdt, c.side, time);
}

void EquationsOfMotion::motion(const StateVector& x, TimeContext time,
                               const std::vector<Wall>& walls, const std::vector<Contact>& contacts,
                               StateVector& rate, StateVector& acceleration) const {
    rate.assign(x.size(), 0.0);
    rates(x, rate, time, walls, contacts);
    StateVector later = x, earlier = x, fLater(x.size()), fEarlier(x.size());
    const double h = kJerkStep;
    for (size_t k = 0; k < x.size(); ++k) {
        later[k] += h * rate[k];
        earlier[k] -= h * rate[k];
    }
    TimeContext after = time, before = time;
    after.T += h, after.t += h, before.T -= h, before.t -= h;
    rates(later, fLater, after, walls, contacts);
    rates(earlier, fEarlier, before, walls, contacts);
    acceleration.assign(x.size(), 0.0);
    for (size_t k = 0; k < x.size(); ++k) acceleration[k] = (fLater[k] - fEarlier[k]) / (2 * h);
    for (const Follow& f : m_follows) {
        for (int c = 0; c < f.components; ++c)
            acceleration[size_t(f.to + c)] = rate[size_t(f.from + c)];
    }
}

}  // namespace mv
