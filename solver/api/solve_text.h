#pragma once
// The readable form of `solve`: one block of lines per frame, its time and status, every thing's
// pose and anchors (with `velocities`, each anchor's velocity and acceleration), the named
// variables and the element states (with `forces` and masses in the script, what each constraint
// carries, the energy and the unheld loads), numbers to six significant digits. For people, not
// programs: the machine-readable forms are solve_output.h's; all three walk the same fields
// (frame_fields.h). The format is in docs/command-line.md.

#include <ostream>

#include "core/model/script.h"
#include "solver/api/frame_solution.h"

namespace mv {

struct SolveTextDetail {
    bool velocities = false;
    bool forces = false;
};

void writeSolveText(std::ostream& out, const Script& script, const FrameSolution& frame,
                    SolveTextDetail detail);

}  // namespace mv
