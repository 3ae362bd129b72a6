#pragma once
// What the machine's masses ask of its constraints at one frame (docs/mechanics.md, "Forces"):
// what each constraint carries, what each drive supplies, the machine's energy, and the loads
// nothing holds. Computed from the frame's exact accelerations (solver/dynamics/), only for a
// script with masses; SI units throughout (N, N·m, W, J), lengths converted by the gravity's scale.

#include <vector>

#include "core/model/geometry.h"
#include "core/model/strong_id.h"

namespace mv {

// A force and a torque on one thing: the force acts in the world's axes, the torque turns
// counter-clockwise about `anchor`.
struct ThingLoad {
    ThingId thing;
    int anchor = 0;  // the first anchor of the thing the constraint reads
    Vec2 force;
    double torque = 0;
};

// What one active equality does to the things it reads: equal and opposite at a pin, the normal
// force of a guide, a drive's couple. `power` is what it feeds into the machine; exactly 0 for a
// constraint that reads no time or element state (only a drive can do work).
struct ConstraintLoad {
    ConstraintId constraint;
    bool drive = false;
    double power = 0;
    std::vector<ThingLoad> on;  // by ascending ThingId
};

// Loads on a thing that no constraint can take: along a motion the solver keeps still (a bar
// free to turn about its pin, a thing no constraint mentions). The torque is about its first
// anchor.
struct UnheldLoad {
    ThingId thing;
    Vec2 force;
    double torque = 0;
};

struct FrameForces {
    std::vector<ConstraintLoad> constraints;  // the active equalities, by ascending ConstraintId
    double kinetic = 0;                       // Σ (m v_G²/2 + J ω²/2)
    double potential = 0;                     // −Σ m g·r_G
    std::vector<UnheldLoad> unheld;           // by ascending ThingId; only the things with some
    // Constraints whose split of a load is not unique (said twice: a bar on two pins), given the
    // split of least size; each set once, by its constraints in ascending order.
    std::vector<std::vector<ConstraintId>> indeterminate;
};

}  // namespace mv
