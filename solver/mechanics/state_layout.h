#pragma once
// Where each element state lives in the one flat vector the ODE integrator moves. A scalar state
// takes one component, a vector state two, in element order and then state order, so the layout is
// a pure function of the script and packing/unpacking never needs names.

#include <cstdint>
#include <utility>
#include <vector>

#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

using StateVector = std::vector<double>;

class StateLayout {
public:
    explicit StateLayout(const Script& script);

    int size() const { return m_size; }
    // First component of elements[element].states[state].
    int offset(ElementId element, uint32_t state) const { return m_offsets[element][state]; }
    int components(ElementId element, uint32_t state) const { return m_components[element][state]; }

    // The components of periodic states and their periods (docs/reference.md#periodic-states).
    const std::vector<std::pair<int, double>>& periodicComponents() const { return m_periodic; }

    StateVector initialState() const;
    ElementStates unpack(const StateVector& x) const;
    // Writes a state's value (scalars use .x) into x.
    void set(StateVector& x, ElementId element, uint32_t state, Vec2 value) const;
    Vec2 get(const StateVector& x, ElementId element, uint32_t state) const;

private:
    const Script& m_script;
    std::vector<std::vector<int>> m_offsets;
    std::vector<std::vector<int>> m_components;
    std::vector<std::pair<int, double>> m_periodic;
    int m_size = 0;
};

}  // namespace mv
