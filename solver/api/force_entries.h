#pragma once
// Under which names `solve` prints what the constraints carry (docs/command-line.md, "Forces"),
// fixed for the whole script so that CSV has one set of columns: a constraint's label or key; one
// without either is `line 12` (a second on that line `line 12.2`); a key said again within one step
// is `Crank.Q#2`. The constraints of one key in different steps share its name: the one active at
// a frame fills it, so `motor` reads the motor's torque across the markers that replace it. The
// Python module and the language server name them the same way.

#include <string>
#include <vector>

#include "core/model/script.h"
#include "solver/api/frame_forces.h"

namespace mv {

struct ForceEntry {
    std::string name;
    std::vector<ConstraintId> constraints;  // ascending; at most one is active at a frame
    std::vector<ThingId> things;            // every thing one of them reads, ascending
    std::vector<int> anchors;               // by thing: the first anchor of it the first one reads
    bool drive = false;                     // one of them reads the time or an element's state
};

// The script's equalities (none that frees an anchor), by the name they are printed under, in
// the order the names first appear in the script.
std::vector<ForceEntry> forceEntries(const Script& script);

// What `constraint` carries at the frame of `forces`; null where it is not active.
const ConstraintLoad* loadOf(const FrameForces& forces, ConstraintId constraint);
// What the constraint of `entry` active at the frame of `forces` carries; null where none is.
const ConstraintLoad* activeLoad(const ForceEntry& entry, const FrameForces& forces);
// What `load` puts on `thing`; null where it puts nothing there (or `load` is null).
const ThingLoad* loadOn(const ConstraintLoad* load, ThingId thing);

}  // namespace mv
