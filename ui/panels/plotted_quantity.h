#pragma once
// A value that can be read from every frame and plotted: one coordinate of an anchor's world
// position, of a variable or of an element state, or its velocity or acceleration. Those are the
// solver's exact ones (docs/reference.md#mechanics), not differences of frames; where they are
// undefined (a dead centre) or were not computed the value is NaN and the plot leaves a gap.

#include <QString>

#include <vector>

#include "core/model/script.h"
#include "solver/api/animation_frames.h"

namespace mv {

struct PlottedQuantity {
    enum class Source { Anchor, Variable, State };
    Source source = Source::Anchor;
    uint32_t index = 0;  // thing, variable or element
    uint32_t sub = 0;    // anchor or state (unused for variables)
    int component = 0;   // 0: x (or the scalar), 1: y
    int derivative = 0;  // 0: the value, 1: its velocity d/dT, 2: its acceleration d²/dT²

    friend bool operator==(const PlottedQuantity&, const PlottedQuantity&) = default;
};

// "Crank.Q.x", "c", "Bob.theta", "d/dt Crank.Q.y", "d²/dt² Piston.P.x"
QString quantityName(const Script& script, const PlottedQuantity& quantity);
// The prefix of a derivative's name: "", "d/dt ", "d²/dt² ".
QString derivativePrefix(int derivative);
// Every quantity of a script (values only), in model order.
std::vector<PlottedQuantity> quantitiesOf(const Script& script);
// The values at every frame.
std::vector<double> quantitySeries(const Script& script, const AnimationFrames& frames,
                                   const PlottedQuantity& quantity);
// "T,<name>,<name>…" then one line per frame.
QString quantitiesCsv(const Script& script, const AnimationFrames& frames,
                      const std::vector<PlottedQuantity>& quantities);

}  // namespace mv
