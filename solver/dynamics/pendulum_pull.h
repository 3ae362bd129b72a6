#pragma once
// What a pendulum hung from a thing does to it (docs/mechanics.md, "Forces"): one hung from one
// anchor, `pivot = Shaker.P * 0.005`, pulls that anchor with its rod's force, m (g − a_bob), from
// its exact state, so the Kapitza sample's shaker carries the pendulum it shakes. A pivot of any
// other form, and points and balls, load nothing.

#include <cstdint>
#include <vector>

#include "core/model/geometry.h"
#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

struct HangingPendulum {
    ElementId element;
    ThingId thing;
    uint32_t anchor = 0;
    double scale = 0;  // the element's length units per canvas unit: the number in the pivot
};

// Every pendulum whose pivot is one anchor times a number.
std::vector<HangingPendulum> hangingPendulums(const Script& script);

// The force the pendulum's rod pulls its anchor with at `frame`, N; (0, 0) where the frame has no
// element states, NaN where a rate is not a number.
Vec2 pendulumPull(const Script& script, const FrameSolution& frame, const HangingPendulum& hanging);

}  // namespace mv
