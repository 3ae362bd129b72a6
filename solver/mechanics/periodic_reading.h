#pragma once
// How guards and regions read periodic states (docs/reference.md#periodic-states): a state with
// period P (the pendulum's theta, 2π) is integrated continuously, but a guard sees it reduced to
// (−P/2, P/2], so `Bob.theta - 1` is one peg on the circle, met again after each full turn.
//
// The reduction subtracts k·P, and k jumps where the state passes ±P/2; that jump is not a
// crossing. So a step's guard is never scanned on the reduced reading itself but on continuous
// ones, each with k held fixed over the step: those of the step's start and of its end. A state
// moves less than a period in a step, so every peg it passes in the step is a root of one of
// them, and the jump is a root of none. A reading is a vector of shifts, k·P per state-vector
// component (0 for a component that is not periodic).

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics/diagnostic.h"
#include "core/model/script.h"
#include "solver/mechanics/state_layout.h"

namespace mv {

class PeriodicReading {
public:
    using Shifts = std::vector<double>;

    explicit PeriodicReading(const StateLayout& layout);

    bool any() const { return !m_components.empty(); }
    // The shifts that reduce `x` into (−P/2, P/2]; empty when no state is periodic.
    Shifts reducing(const StateVector& x) const;
    // The continuous readings a guard is scanned with over a step from x0 to x1: one when no
    // periodic state changed its k (or none is periodic: then one empty reading), else up to
    // 2^m for m periodic components that did.
    std::vector<Shifts> over(const StateVector& x0, const StateVector& x1) const;

    // x − k·P in (−P/2, P/2].
    static double reduce(double x, double period);
    static double shift(double x, double period) { return x - reduce(x, period); }

private:
    std::vector<std::pair<int, double>> m_components;  // state-vector component, period
    int m_size = 0;
};

// A guard that reads one periodic state and nothing else that changes (`Bob.theta - 4`) and is
// zero nowhere in the reduced range: the warning, naming the range; nothing otherwise.
std::optional<DiagnosticMessage> unreachableGuard(const Script& script, const StateLayout& layout,
                                                  const Interaction& wall);

}  // namespace mv
