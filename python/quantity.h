#pragma once
// Names the Python user passes to Animation (pose("Crank"), anchor("Crank.Q"), variable("c"),
// state("Bob.theta"), velocity(...)) resolved against the script to where their numbers are in a
// FrameSolution. An unknown name is an UnknownName whose message says what exists instead
// ("no anchor Crank.R; Crank has P, Q"); the module raises it as KeyError.

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/model/script.h"

namespace mv::python {

class UnknownName : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct Quantity {
    enum class Kind { Pose, Anchor, Variable, State };
    Kind kind = Kind::Pose;
    int thing = -1;     // Pose, Anchor
    int anchor = -1;    // Anchor
    int variable = -1;  // Variable
    int element = -1;   // State
    int state = -1;     // State
    // Values per frame: 3 for a pose (x, y, angle), 2 for an anchor or a vector, 1 for a scalar.
    int columns = 1;
};

Quantity findThing(const Script& script, std::string_view name);     // "Crank"
Quantity findAnchor(const Script& script, std::string_view name);    // "Crank.Q"
Quantity findVariable(const Script& script, std::string_view name);  // "c"
Quantity findState(const Script& script, std::string_view name);     // "Bob.theta"
// Anything that moves: a thing, an anchor, a named variable or an element state.
Quantity findMoving(const Script& script, std::string_view name);

}  // namespace mv::python
