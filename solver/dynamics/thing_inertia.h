#pragma once
// Each thing as one rigid body for the forces: the masses fixed to it added up
// (docs/reference.md#masses-and-forces), their centres to one centre of mass and their moments of
// inertia moved there by the parallel-axis rule.

#include <vector>

#include "core/model/geometry.h"
#include "core/model/script.h"

namespace mv {

struct ThingInertia {
    double mass = 0;     // kg; 0: the thing is massless
    Vec2 centre;         // in the thing's body frame, model units (as Anchor::local)
    double inertia = 0;  // kg·m² about `centre`
};

// By ThingId.
std::vector<ThingInertia> thingInertia(const Script& script);

}  // namespace mv
