#pragma once
// Names the Python user passes to Animation (pose("Crank"), anchor("Crank.Q"), variable("c"),
// state("Bob.theta"), velocity(...), torque("motor", "Crank")) resolved against the script to where
// their numbers are in a FrameSolution. An unknown name is an UnknownName whose message says what
// exists instead ("no anchor Crank.R; Crank has P, Q"); the module raises it as KeyError.

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/script.h"
#include "solver/api/force_entries.h"

namespace mv::python {

class UnknownName : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Forces asked of a script without masses, which has none (docs/mechanics.md, "Forces"); the
// module raises it as ValueError.
class NoForces : public std::runtime_error {
public:
    NoForces();
};

struct Quantity {
    enum class Kind { Pose, Anchor, Variable, State, Force, Torque, Power, Energy, Unheld };
    Kind kind = Kind::Pose;
    int thing = -1;     // Pose, Anchor, Unheld; Force and Torque: the thing loaded
    int anchor = -1;    // Anchor
    int variable = -1;  // Variable
    int element = -1;   // State
    int state = -1;     // State
    int entry = -1;     // Force, Torque, Power: the constraint's name (force_entries.h)
    // Values per frame: 3 for a pose (x, y, angle) or an unheld load (fx, fy, torque), 2 for an
    // anchor, a vector, a force or the energy (kinetic, potential), 1 for a scalar.
    int columns = 1;
};

Quantity findThing(const Script& script, std::string_view name);     // "Crank"
Quantity findAnchor(const Script& script, std::string_view name);    // "Crank.Q"
Quantity findVariable(const Script& script, std::string_view name);  // "c"
Quantity findState(const Script& script, std::string_view name);     // "Bob.theta"
// Anything that moves: a thing, an anchor, a named variable or an element state.
Quantity findMoving(const Script& script, std::string_view name);
// What a constraint carries, by the name `solve` prints it under (`entries`, force_entries.h):
// its Force or Torque on `thing` ("motor", "Crank"), or its Power (no thing). NoForces without
// masses.
Quantity findLoad(const Script& script, const std::vector<ForceEntry>& entries, Quantity::Kind kind,
                  std::string_view constraint, std::string_view thing = {});
// The machine's kinetic and potential energy. NoForces without masses.
Quantity findEnergy(const Script& script);
// The load on a thing that nothing holds (frame_forces.h's UnheldLoad). NoForces without masses.
Quantity findUnheld(const Script& script, std::string_view thing);

}  // namespace mv::python
