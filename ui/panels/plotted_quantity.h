#pragma once
// A value that can be read from every frame and plotted: one coordinate of an anchor's world
// position, of a variable or of an element state, or its velocity or acceleration. Those are the
// solver's exact ones (docs/reference.md#mechanics), not differences of frames; where they are
// undefined (a dead centre) or were not computed the value is NaN and the plot leaves a gap. With
// masses also what a constraint carries (docs/mechanics.md, "Forces"), named as `solve` prints it
// (solver/api/force_entries.h): a component of its force on a thing, its torque there, a drive's
// power, and the machine's energy; NaN where the constraint is not active or the frame has no
// forces. These have no rates.

#include <QString>

#include <memory>
#include <vector>

#include "core/model/script.h"
#include "solver/api/animation_frames.h"
#include "solver/api/force_entries.h"

namespace mv {

// A script as the plots read it: the model and, with masses, the names its constraints' loads are
// printed under, found once per script rather than for every name.
struct PlottedScript {
    PlottedScript() = default;
    explicit PlottedScript(std::shared_ptr<const Script> script);

    std::shared_ptr<const Script> script;
    std::vector<ForceEntry> forces;  // empty without masses
};

struct PlottedQuantity {
    // Load: a force entry's force on one of its things (component 2: the torque there); Power: a
    // drive's; Energy: 0 kinetic, 1 potential (in `component`).
    enum class Source { Anchor, Variable, State, Load, Power, Energy };
    Source source = Source::Anchor;
    uint32_t index = 0;  // thing, variable, element or force entry
    uint32_t sub = 0;    // anchor, state or the entry's thing (unused otherwise)
    int component = 0;   // 0: x (or the scalar), 1: y; a load's torque 2
    int derivative = 0;  // 0: the value, 1: its velocity d/dT, 2: its acceleration d²/dT²

    friend bool operator==(const PlottedQuantity&, const PlottedQuantity&) = default;
};

// "Crank.Q.x", "c", "Bob.theta", "d/dt Crank.Q.y", "d²/dt² Piston.P.x", "motor.Crank.torque",
// "Rod.A.Crank.force.x", "motor.power", "energy.kinetic"
QString quantityName(const PlottedScript& script, const PlottedQuantity& quantity);
// The prefix of a derivative's name: "", "d/dt ", "d²/dt² ".
QString derivativePrefix(int derivative);
// Whether the quantity has a velocity and an acceleration (what a constraint carries has none).
bool hasRates(const PlottedQuantity& quantity);
// Every quantity of a script (values only), in model order, then the loads and the energy.
std::vector<PlottedQuantity> quantitiesOf(const PlottedScript& script);
// The values at every frame.
std::vector<double> quantitySeries(const PlottedScript& script, const AnimationFrames& frames,
                                   const PlottedQuantity& quantity);
// "T,<name>,<name>…" then one line per frame.
QString quantitiesCsv(const PlottedScript& script, const AnimationFrames& frames,
                      const std::vector<PlottedQuantity>& quantities);

}  // namespace mv
