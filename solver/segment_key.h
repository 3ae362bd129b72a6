#pragma once
// The cache keys of an animation's segments (see animation_cache.h): a hash of everything a
// segment's frames depend on, chained with the previous segment's key.

#include <cstdint>

#include "core/model/frame_plan.h"
#include "core/model/script.h"
#include "solver/api/animation.h"
#include "solver/mechanics/simulate_mechanics.h"

namespace mv {

// What every segment depends on: the things, variables and elements, the canvas and the options.
uint64_t scriptKey(const Script& script, const SolveOptions& options);

// Segment `index` of `plan`, chained with `previous` (scriptKey() for the first segment).
// `mechanics` holds the element states per frame with their rates and accelerations (empty
// without elements): the frames read all three (the rates give the things' velocities).
uint64_t segmentKey(uint64_t previous, const Script& script, const FramePlan& plan, size_t index,
                    const MechanicsResult& mechanics);

}  // namespace mv
