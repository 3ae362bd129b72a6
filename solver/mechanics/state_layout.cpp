#include "solver/mechanics/state_layout.h"

namespace mv {

StateLayout::StateLayout(const Script& script) : m_script(script) {
    for (const Element& element : script.elements) {
        std::vector<int>& offsets = m_offsets.emplace_back();
        std::vector<int>& components = m_components.emplace_back();
        for (const ElementState& state : element.states) {
            const int n = state.type == ValueType::Vector ? 2 : 1;
            offsets.push_back(m_size);
            components.push_back(n);
            for (int k = 0; k < n && state.period > 0; ++k)
                m_periodic.emplace_back(m_size + k, state.period);
            m_size += n;
        }
    }
}

StateVector StateLayout::initialState() const {
    StateVector x(static_cast<size_t>(m_size), 0.0);
    for (ElementId e{0}; e < m_script.elements.size(); ++e) {
        const Element& element = m_script.elements[e];
        for (uint32_t s = 0; s < element.states.size(); ++s)
            set(x, e, s, element.states[s].initial);
    }
    return x;
}

ElementStates StateLayout::unpack(const StateVector& x) const {
    ElementStates states(m_script.elements.size());
    for (ElementId e{0}; e < m_script.elements.size(); ++e) {
        const auto count = static_cast<uint32_t>(m_script.elements[e].states.size());
        for (uint32_t s = 0; s < count; ++s) states[e].push_back(get(x, e, s));
    }
    return states;
}

void StateLayout::set(StateVector& x, ElementId element, uint32_t state, Vec2 value) const {
    const int at = offset(element, state);
    x[at] = value.x;
    if (components(element, state) == 2) x[at + 1] = value.y;
}

Vec2 StateLayout::get(const StateVector& x, ElementId element, uint32_t state) const {
    const int at = offset(element, state);
    if (components(element, state) == 2) return {x[at], x[at + 1]};
    return {x[at], 0.0};
}

}  // namespace mv
