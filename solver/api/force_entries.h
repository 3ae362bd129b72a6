#pragma once
// Under which names `solve` prints what the constraints carry (docs/command-line.md, "Forces"),
// fixed for the whole script so that CSV has one set of columns: a constraint's label or key; one
// without either is `line 12` (a second on that line `line 12.2`); a key said again within one step
// is `Crank.Q#2`. The constraints of one key in different steps share its name: the one active at
// a frame fills it, so `motor` reads the motor's torque across the markers that replace it.

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

// The load of the entry's constraint active at a frame; null where none of them is.
const ConstraintLoad* activeLoad(const ForceEntry& entry, const FrameForces& forces);
// What `load` puts on `thing`; null where it puts nothing there (or `load` is null).
const ThingLoad* loadOn(const ConstraintLoad* load, ThingId thing);

}  // namespace mv
