#pragma once
// A value that can be read from every frame and plotted: one coordinate of an anchor's world
// position, of a variable or of an element state, or its rate of change over time. Rates are
// finite differences over the frames (central inside, one-sided at the ends), because the solver
// gives positions per frame, not derivatives.

#include <QString>

#include <vector>

#include "core/script.h"
#include "solver/frame_solution.h"

namespace mv {

struct PlottedQuantity {
    enum class Source { Anchor, Variable, State };
    Source source = Source::Anchor;
    uint32_t index = 0;  // thing, variable or element
    uint32_t sub = 0;    // anchor or state (unused for variables)
    int component = 0;   // 0: x (or the scalar), 1: y
    bool rate = false;   // d/dT by finite differences

    friend bool operator==(const PlottedQuantity&, const PlottedQuantity&) = default;
};

// "Crank.Q.x", "c", "Bob.theta", "d/dt Crank.Q.y"
QString quantityName(const Script& script, const PlottedQuantity& quantity);
// Every quantity of a script (without rates), in model order.
std::vector<PlottedQuantity> quantitiesOf(const Script& script);
// The values at every frame (for a rate, differences of neighbouring frames over their times).
std::vector<double> quantitySeries(const Script& script, const std::vector<FrameSolution>& frames,
                                   const PlottedQuantity& quantity);
// "T,<name>,<name>…" then one line per frame.
QString quantitiesCsv(const Script& script, const std::vector<FrameSolution>& frames,
                      const std::vector<PlottedQuantity>& quantities);

}  // namespace mv
